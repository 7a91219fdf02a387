import type { Config } from "#app/lib/config/env.server.ts";
import { contentSource } from "./content-source.server.ts";
import { librarySource } from "./library-source.server.ts";
import type { HelpSource } from "./source.ts";

/** Where answers come from, in order: the site's content and help topics (in memory), then the library's books. */
export function helpSources(config: Config): HelpSource[] {
  return [contentSource(config.OIDC_ISSUER ? "external" : "built-in"), librarySource];
}

import { site } from "../content/site.ts";

/** The document title and description every route's meta starts from. */
export function pageMeta(title: string, description: string = site.tagline) {
  return [{ title: `${title} | ${site.brand}` }, { name: "description", content: description }];
}

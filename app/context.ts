import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { createContext } from "react-router";
import type { Database } from "./lib/db/schema.ts";
import type { Config } from "./lib/env.server.ts";

/** What the Express server hands every loader and action. */
export interface RequestServices {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  requestId: string;
  /** The CSP nonce of this response; inline scripts need it. */
  nonce: string;
  /** The client's address, as the configured proxies report it. */
  clientAddress: string;
}

export const servicesContext = createContext<RequestServices>();

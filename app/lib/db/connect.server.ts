import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Config } from "../env.server.ts";
import type { Database } from "./schema.ts";
import { createSqliteDialect } from "./sqlite-dialect.server.ts";

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** True when a trivial query answers within two seconds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const pingTimeoutMs = 2000;

export function openDatabase(
  config: Pick<Config, "DATABASE_URL" | "SQLITE_PATH">,
  onConnectionError: (error: Error) => void = () => {},
): DatabaseHandle {
  let dialect;
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: 10,
      connectionTimeoutMillis: 5000,
    });
    // An idle client loses its server (PostgreSQL restarted): without a listener
    // the pool's error event would crash the process; the pool replaces the client.
    pool.on("error", onConnectionError);
    dialect = new PostgresDialect({ pool });
  } else {
    if (config.SQLITE_PATH !== ":memory:") mkdirSync(dirname(config.SQLITE_PATH), { recursive: true });
    dialect = createSqliteDialect(config.SQLITE_PATH);
  }
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    async ping() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), pingTimeoutMs)));
      const query = sql`select 1`.execute(db).then(
        () => true,
        () => false,
      );
      const answer = await Promise.race([query, timeout]);
      clearTimeout(timer);
      return answer;
    },
    close: () => db.destroy(),
  };
}

import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Config } from "../env.server.ts";
import type { Database } from "./schema.ts";
import { createSqliteDialect } from "./sqlite-dialect.server.ts";

export type DatabaseEngine = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function openDatabase(config: Pick<Config, "DATABASE_URL" | "SQLITE_PATH">): DatabaseHandle {
  const engine: DatabaseEngine = config.DATABASE_URL ? "postgres" : "sqlite";
  let dialect;
  if (config.DATABASE_URL) {
    dialect = new PostgresDialect({ pool: new pg.Pool({ connectionString: config.DATABASE_URL, max: 10 }) });
  } else {
    if (config.SQLITE_PATH !== ":memory:") mkdirSync(dirname(config.SQLITE_PATH), { recursive: true });
    dialect = createSqliteDialect(config.SQLITE_PATH);
  }
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    engine,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

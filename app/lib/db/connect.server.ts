import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Config } from "../config/env.server.ts";
import type { Database } from "./schema.ts";
import { guardContentWrites } from "./content-write-guard.server.ts";
import { createSqliteDialect } from "./sqlite-dialect.server.ts";

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** True when a trivial query answers within two seconds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const pingTimeoutMs = 2000;

/**
 * How long one statement may run on PostgreSQL, for the web server: a stalled database (a lock held
 * elsewhere, an overloaded server) must cost a request seconds, not hold every connection of the
 * pool. Tools that run long statements on purpose (migrations, imports) open their handle without.
 */
export interface StatementBounds {
  statementTimeoutMs: number;
}

export function openDatabase(
  config: Pick<Config, "DATABASE_URL" | "SQLITE_PATH">,
  onConnectionError: (error: Error) => void = () => {},
  bounds?: StatementBounds,
): DatabaseHandle {
  let dialect;
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: 10,
      connectionTimeoutMillis: 5000,
      // A connection whose server vanished (a failover, a dropped network) is noticed, not waited on.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(bounds && {
        statement_timeout: bounds.statementTimeoutMs,
        // Waiting for a lock is the usual stall: give up on it sooner than on the statement.
        lock_timeout: Math.ceil(bounds.statementTimeoutMs / 2),
        idle_in_transaction_session_timeout: bounds.statementTimeoutMs * 2,
        // The client side too, in case the server cannot even answer.
        query_timeout: bounds.statementTimeoutMs + 1000,
      }),
    });
    // An idle client loses its server (PostgreSQL restarted): without a listener
    // the pool's error event would crash the process; the pool replaces the client.
    pool.on("error", onConnectionError);
    dialect = new PostgresDialect({ pool });
  } else {
    if (config.SQLITE_PATH !== ":memory:") mkdirSync(dirname(config.SQLITE_PATH), { recursive: true });
    dialect = createSqliteDialect(config.SQLITE_PATH);
  }
  const db = new Kysely<Database>({ dialect: guardContentWrites(dialect) });
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

import { PostgresAdapter, type Kysely } from "kysely";

/** Full-text search and a few upserts are written per engine; everything else is shared. */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

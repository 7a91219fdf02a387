import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Which version of each built-in content seed the database holds (a hash of the seed's content),
  // so a start-up applies a seed only when it changed: one read on a warm start.
  await db.schema
    .createTable("seed_versions")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("hash", "text", (col) => col.notNull())
    .addColumn("applied_at", "text", (col) => col.notNull())
    .execute();
}

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One counter per kind of stored content that pages show (the feedback wall, the library's
  // catalogue). A change raises its counter in the same transaction, so every instance's page
  // cache can tell, from one small read, which stored pages are out of date.
  await db.schema
    .createTable("content_versions")
    .addColumn("topic", "text", (col) => col.primaryKey())
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The feedback wall. Ids begin with the creation time in hex, so the primary key orders the
  // wall newest first and pages it (keyset) without another index.
  // A post remembers its author: the account's subject, or for a visitor the
  // hash of a deletion token kept in their browser.
  await db.schema
    .createTable("feedback_posts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("comment", "text", (col) => col.notNull())
    .addColumn("image", "text")
    .addColumn("rating", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("author_sub", "text")
    .addColumn("author_token_hash", "text")
    .addColumn("hidden_at", "text")
    .addColumn("hidden_by", "text")
    .execute();
}

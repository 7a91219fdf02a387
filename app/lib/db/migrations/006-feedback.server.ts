import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The feedback wall. A post remembers its author: the account's subject, or for a visitor the
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
  // Newest first, paged by (created_at, id): the wall's only order.
  await db.schema.createIndex("feedback_posts_newest").on("feedback_posts").columns(["created_at", "id"]).execute();
}

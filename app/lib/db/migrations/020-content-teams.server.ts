import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Who may change a course or a quiz: its owners and co-teachers, by email address (lower case),
  // so that a teacher can be added before their first sign-in.
  await db.schema
    .createTable("content_teams")
    .addColumn("content_kind", "text", (col) => col.notNull())
    .addColumn("content_slug", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("added_at", "text", (col) => col.notNull())
    .addColumn("added_by", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("content_teams_pk", ["content_kind", "content_slug", "email"])
    .execute();
  // "What is mine": a teacher's courses and quizzes on their staff lists.
  await db.schema.createIndex("content_teams_by_email").on("content_teams").columns(["email", "content_kind"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_teams").execute();
}

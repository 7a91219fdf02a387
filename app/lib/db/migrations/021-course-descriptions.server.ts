import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // What a course is about, in Markdown, shown on its page above the lessons; empty until written.
  await db.schema
    .alterTable("courses")
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("courses").dropColumn("description").execute();
}

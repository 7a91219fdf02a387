import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A question written with formatting (Markdown, or HTML from another quiz system) keeps its source
  // here; `question` keeps its words, for the places that show text alone (results, CSV, search).
  await db.schema
    .alterTable("quiz_questions")
    .addColumn("text_format", "text", (col) => col.notNull().defaultTo("plain"))
    .execute();
  await db.schema
    .alterTable("quiz_questions")
    .addColumn("text_source", "text", (col) => col.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("quiz_questions").dropColumn("text_source").execute();
  await db.schema.alterTable("quiz_questions").dropColumn("text_format").execute();
}

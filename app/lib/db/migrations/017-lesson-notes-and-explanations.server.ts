import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A lesson's written notes (Markdown) and a question's explanation: empty until written.
  await db.schema
    .alterTable("lessons")
    .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("quiz_questions")
    .addColumn("explanation", "text", (col) => col.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("quiz_questions").dropColumn("explanation").execute();
  await db.schema.alterTable("lessons").dropColumn("notes").execute();
}

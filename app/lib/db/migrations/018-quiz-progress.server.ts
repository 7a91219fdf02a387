import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A signed-in learner's quiz in progress: the choices so far, by question id, until they finish.
  await db.schema
    .createTable("quiz_progress")
    .addColumn("user_sub", "text", (col) => col.notNull())
    .addColumn("quiz_slug", "text", (col) => col.notNull())
    .addColumn("answers", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("quiz_progress_pk", ["user_sub", "quiz_slug"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("quiz_progress").execute();
}

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Where a signed-in learner stopped in each lesson, and whether they finished it.
  await db.schema
    .createTable("lesson_progress")
    .addColumn("user_sub", "text", (col) => col.notNull())
    .addColumn("course_slug", "text", (col) => col.notNull())
    .addColumn("lesson_number", "integer", (col) => col.notNull())
    .addColumn("position_seconds", "integer", (col) => col.notNull())
    .addColumn("finished_at", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("lesson_progress_pk", ["user_sub", "course_slug", "lesson_number"])
    .execute();

  // Every finished quiz attempt of a signed-in learner, with the choice made for each question.
  await db.schema
    .createTable("quiz_attempts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_sub", "text", (col) => col.notNull())
    .addColumn("quiz_slug", "text", (col) => col.notNull())
    .addColumn("score", "integer", (col) => col.notNull())
    .addColumn("total", "integer", (col) => col.notNull())
    .addColumn("answers", "text", (col) => col.notNull())
    .addColumn("finished_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("quiz_attempts_user").on("quiz_attempts").columns(["user_sub", "quiz_slug", "finished_at"]).execute();
}

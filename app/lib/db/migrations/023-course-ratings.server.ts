import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A learner's stars for a course they started, one per learner and course, changed in place.
  await db.schema
    .createTable("course_ratings")
    .ifNotExists()
    .addColumn("course_slug", "text", (col) => col.notNull())
    .addColumn("user_sub", "text", (col) => col.notNull())
    .addColumn("stars", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("course_ratings_pk", ["course_slug", "user_sub"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("course_ratings").execute();
}

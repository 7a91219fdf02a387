import type { Kysely } from "kysely";

interface OldProgressRow {
  user_sub: string;
  course_slug: string;
  lesson_number: number;
  position_seconds: number;
  finished_at: string | null;
  updated_at: string;
}

/** Rows moved at a time: well inside both engines' limits on bound values. */
const rowsPerInsert = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Courses, lessons and quizzes move from source files into the database, where staff edit
  // them (features/courses/editing, features/quizzes/editing). A draft is never shown to learners.
  await db.schema
    .createTable("courses")
    .addColumn("slug", "text", (col) => col.primaryKey())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("image_src", "text", (col) => col.notNull())
    .addColumn("image_alt", "text", (col) => col.notNull())
    .addColumn("image_width", "integer", (col) => col.notNull())
    .addColumn("image_height", "integer", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  // Every address that shows a course (the spec gives some courses two); `path_key` is the
  // address in lower case, as addresses match in any letter case. Position 0 is its own address.
  await db.schema
    .createTable("course_paths")
    .addColumn("path_key", "text", (col) => col.primaryKey())
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("course_slug", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("course_paths_course").on("course_paths").columns(["course_slug", "position"]).execute();

  // A course's card in a category listing: the spec's card fields, which differ between
  // listings of the same course (its title, price and numbers in each).
  await db.schema
    .createTable("course_listings")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("course_slug", "text", (col) => col.notNull())
    .addColumn("category", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("teacher", "text", (col) => col.notNull())
    .addColumn("price", "integer", (col) => col.notNull())
    .addColumn("review_count", "integer", (col) => col.notNull())
    .addColumn("duration", "text", (col) => col.notNull())
    .addColumn("students", "integer", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("course_listings_category").on("course_listings").columns(["category", "position"]).execute();

  // A lesson's files are keys in the media store (MEDIA_DIR or the S3 bucket).
  await db.schema
    .createTable("lessons")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("course_slug", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("video", "text")
    .addColumn("captions", "text")
    .addColumn("duration_seconds", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("lessons_course").on("lessons").columns(["course_slug", "position"]).execute();

  await db.schema
    .createTable("quizzes")
    .addColumn("slug", "text", (col) => col.primaryKey())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("hub_href", "text", (col) => col.notNull())
    .addColumn("plain_link", "integer", (col) => col.notNull())
    .addColumn("course_path", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  // Options are a JSON array of texts; the answer is one of them.
  await db.schema
    .createTable("quiz_questions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("quiz_slug", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("question", "text", (col) => col.notNull())
    .addColumn("code", "text")
    .addColumn("options", "text", (col) => col.notNull())
    .addColumn("answer", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("quiz_questions_quiz").on("quiz_questions").columns(["quiz_slug", "position"]).execute();

  // An attempt keeps the questions it was scored against (JSON), so its review shows what the
  // learner saw after staff edit the quiz. Attempts from before this are given the seed's
  // questions, which were the only ones there were, by the learning content seed.
  await db.schema.alterTable("quiz_attempts").addColumn("questions", "text").execute();

  // Progress now belongs to a lesson, not to a place in the list, so reordering lessons keeps
  // each learner's progress with its lesson. The seed gives the lessons it adds the ids
  // "<course>-<NN>", which is what the old rows become.
  await db.schema.alterTable("lesson_progress").renameTo("lesson_progress_by_number").execute();
  await db.schema
    .createTable("lesson_progress")
    .addColumn("user_sub", "text", (col) => col.notNull())
    .addColumn("lesson_id", "text", (col) => col.notNull())
    .addColumn("course_slug", "text", (col) => col.notNull())
    .addColumn("position_seconds", "integer", (col) => col.notNull())
    .addColumn("finished_at", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("lesson_progress_by_lesson_pk", ["user_sub", "lesson_id"])
    .execute();
  await db.schema.createIndex("lesson_progress_course").on("lesson_progress").columns(["user_sub", "course_slug"]).execute();
  const old = (await db
    .selectFrom("lesson_progress_by_number" as never)
    .selectAll()
    .execute()) as OldProgressRow[];
  for (let start = 0; start < old.length; start += rowsPerInsert) {
    const rows = old.slice(start, start + rowsPerInsert).map((row) => ({
      user_sub: row.user_sub,
      lesson_id: `${row.course_slug}-${String(row.lesson_number).padStart(2, "0")}`,
      course_slug: row.course_slug,
      position_seconds: row.position_seconds,
      finished_at: row.finished_at,
      updated_at: row.updated_at,
    }));
    await db
      .insertInto("lesson_progress" as never)
      .values(rows as never)
      .execute();
  }
  await db.schema.dropTable("lesson_progress_by_number").execute();

  // Every change made in the staff area: who, what, when, and the record before and after (JSON).
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("actor_sub", "text", (col) => col.notNull())
    .addColumn("actor_name", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("before", "text")
    .addColumn("after", "text")
    .execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();
}

import { sql, type Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { preparedQuery } from "#app/lib/db/prepared-query.server.ts";

/** What the site remembers about one lesson for one learner. */
interface LessonProgress {
  lessonId: string;
  positionSeconds: number;
  finished: boolean;
  updatedAt: string;
}

interface ProgressReport {
  course: string;
  lessonId: string;
  /** Where playback stands; absent when only marking the lesson finished. */
  positionSeconds?: number;
  finished: boolean;
}

const progressAndRatingQuery = preparedQuery((db, userSub: string, courseSlug: string) =>
  db
    .selectFrom(db.selectNoFrom(sql<number>`1`.as("one")).as("anchor"))
    .leftJoin("lesson_progress", (join) =>
      join.on("lesson_progress.user_sub", "=", userSub).on("lesson_progress.course_slug", "=", courseSlug),
    )
    .leftJoin("course_ratings", (join) =>
      join.on("course_ratings.user_sub", "=", userSub).on("course_ratings.course_slug", "=", courseSlug),
    )
    .select([
      "lesson_progress.lesson_id",
      "lesson_progress.position_seconds",
      "lesson_progress.finished_at",
      "lesson_progress.updated_at",
      "course_ratings.stars",
    ]),
);

/**
 * The learner's progress in a course and their stars for it, in one read: a course page asks for
 * both on every request. The anchor row makes the answer one row even before the first lesson.
 */
export async function progressAndRating(
  db: Kysely<Database>,
  userSub: string,
  courseSlug: string,
): Promise<{ progress: LessonProgress[]; rating: number | null }> {
  const { rows } = await progressAndRatingQuery(db, userSub, courseSlug);
  const progress: LessonProgress[] = [];
  for (const row of rows) {
    if (row.lesson_id === null) continue;
    progress.push({
      lessonId: row.lesson_id,
      positionSeconds: row.position_seconds ?? 0,
      finished: row.finished_at !== null,
      updatedAt: row.updated_at ?? "",
    });
  }
  return { progress, rating: rows[0]?.stars ?? null };
}

/** The lesson the learner touched last (the later one in the course on a tie), to open the page where they left off. */
export function lastLessonTouched(progress: LessonProgress[], lessonIds: readonly string[]): string | null {
  const order = (id: string) => lessonIds.indexOf(id);
  const last = progress
    .filter((entry) => order(entry.lessonId) !== -1)
    .reduce<LessonProgress | null>((latest, entry) => {
      if (latest === null || entry.updatedAt > latest.updatedAt) return entry;
      return entry.updatedAt === latest.updatedAt && order(entry.lessonId) > order(latest.lessonId) ? entry : latest;
    }, null);
  return last?.lessonId ?? null;
}

/**
 * One upsert: a lesson once finished stays finished, and finishing it starts it from the
 * beginning next time; a report without a position keeps the stored one.
 */
export async function recordLessonProgress(db: Kysely<Database>, userSub: string, report: ProgressReport): Promise<void> {
  const now = new Date().toISOString();
  const positionSeconds = report.finished ? 0 : report.positionSeconds;
  await db
    .insertInto("lesson_progress")
    .values({
      user_sub: userSub,
      lesson_id: report.lessonId,
      course_slug: report.course,
      position_seconds: positionSeconds ?? 0,
      finished_at: report.finished ? now : null,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(["user_sub", "lesson_id"]).doUpdateSet((eb) => ({
        position_seconds: positionSeconds === undefined ? eb.ref("lesson_progress.position_seconds") : eb.ref("excluded.position_seconds"),
        finished_at: eb.fn.coalesce("lesson_progress.finished_at", "excluded.finished_at"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .execute();
}

/** The lessons the learner has finished, for the profile (which counts those its courses still have). */
export async function finishedLessonIds(db: Kysely<Database>, userSub: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("lesson_progress")
    .select("lesson_id")
    .where("user_sub", "=", userSub)
    .where("finished_at", "is not", null)
    .execute();
  return new Set(rows.map((row) => row.lesson_id));
}

import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { isPostgres } from "#app/lib/db/engine.server.ts";
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

/** The version of a learner's state in a course before anything of it is stored (the triggers' versions are hex digits or a UUID). */
const nothingStored = "none";

/** One lesson's progress as the query below gives it: finished is 0 or 1 on SQLite, a boolean on PostgreSQL. */
type LessonProgressEntry = [lessonId: string, positionSeconds: number, finished: number | boolean, updatedAt: string];

/**
 * The version of the learner's progress and stars in the course (learner_course_versions, which
 * triggers renew with every change), and, unless it is `knownVersion`, the learner's lessons of the
 * course as one JSON array of [lesson id, position, finished, updated at] and their stars. A
 * learner with progress in a whole course's 32 lessons read as 32 rows of objects took 30 µs on
 * SQLite, twice the aggregate's; the version alone, a sixth of the aggregate's (a signed-in course
 * page reads it on every request). SQLite answers the array as text; PostgreSQL's driver parses its json.
 */
const learnerCourseQuery = preparedQuery((db, userSub: string, courseSlug: string, knownVersion: string) => {
  const version = sql<string>`coalesce((select version from learner_course_versions where user_sub = ${userSub} and course_slug = ${courseSlug}), ${sql.lit(nothingStored)})`;
  const entry = sql`lesson_id, position_seconds, finished_at is not null, updated_at`;
  const lessons = isPostgres(db) ? sql`json_agg(json_build_array(${entry}))` : sql`json_group_array(json_array(${entry}))`;
  const unlessKnown = <T>(value: RawBuilder<T>) => sql<T | null>`case when known.version = ${knownVersion} then null else ${value} end`;
  const lessonsOfCourse = sql<string | LessonProgressEntry[] | null>`(select ${lessons} from lesson_progress
    where user_sub = ${userSub} and course_slug = ${courseSlug})`;
  const stars = sql<number | null>`(select stars from course_ratings where user_sub = ${userSub} and course_slug = ${courseSlug})`;
  return db
    .selectFrom(db.selectNoFrom(version.as("version")).as("known"))
    .select([sql<string>`known.version`.as("version"), unlessKnown(lessonsOfCourse).as("lessons"), unlessKnown(stars).as("stars")]);
});

/** A learner's progress in a course and their stars for it, as read at `version`. */
export interface LearnerCourseState {
  version: string;
  progress: LessonProgress[];
  rating: number | null;
}

/**
 * The learner's progress in a course and their stars for it, in one read: a course page asks for
 * both on every request. "unchanged" when they are still as at `knownVersion`: then only the
 * version is read.
 */
export async function progressAndRating(
  db: Kysely<Database>,
  userSub: string,
  courseSlug: string,
  knownVersion?: string,
): Promise<LearnerCourseState | "unchanged"> {
  // A select from a one-row table without a where answers exactly one row.
  const { version, lessons, stars } = (await learnerCourseQuery(db, userSub, courseSlug, knownVersion ?? "")).rows[0]!;
  if (version === knownVersion) return "unchanged";
  const entries: LessonProgressEntry[] = typeof lessons === "string" ? JSON.parse(lessons) : (lessons ?? []);
  const progress = entries.map(([lessonId, positionSeconds, finished, updatedAt]) => ({
    lessonId,
    positionSeconds,
    finished: Boolean(finished),
    updatedAt,
  }));
  return { version, progress, rating: stars };
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

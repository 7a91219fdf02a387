import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";

/** What the site remembers about one lesson for one learner. */
interface LessonProgress {
  lesson: number;
  positionSeconds: number;
  finished: boolean;
  updatedAt: string;
}

interface ProgressReport {
  course: string;
  lesson: number;
  /** Where playback stands; absent when only marking the lesson finished. */
  positionSeconds?: number;
  finished: boolean;
}

export async function courseProgress(db: Kysely<Database>, userSub: string, courseSlug: string): Promise<LessonProgress[]> {
  const rows = await db
    .selectFrom("lesson_progress")
    .select(["lesson_number", "position_seconds", "finished_at", "updated_at"])
    .where("user_sub", "=", userSub)
    .where("course_slug", "=", courseSlug)
    .orderBy("lesson_number")
    .execute();
  return rows.map((row) => ({
    lesson: row.lesson_number,
    positionSeconds: row.position_seconds,
    finished: row.finished_at !== null,
    updatedAt: row.updated_at,
  }));
}

/** The lesson the learner touched last (the later lesson on a tie), to open the page where they left off. */
export function lastLessonTouched(progress: LessonProgress[]): number | null {
  const last = progress.reduce<LessonProgress | null>(
    (latest, entry) => (latest === null || entry.updatedAt >= latest.updatedAt ? entry : latest),
    null,
  );
  return last?.lesson ?? null;
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
      course_slug: report.course,
      lesson_number: report.lesson,
      position_seconds: positionSeconds ?? 0,
      finished_at: report.finished ? now : null,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(["user_sub", "course_slug", "lesson_number"]).doUpdateSet((eb) => ({
        position_seconds: positionSeconds === undefined ? eb.ref("lesson_progress.position_seconds") : eb.ref("excluded.position_seconds"),
        finished_at: eb.fn.coalesce("lesson_progress.finished_at", "excluded.finished_at"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .execute();
}

/** Finished lessons per course, for the profile. */
export async function finishedLessonsByCourse(db: Kysely<Database>, userSub: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("lesson_progress")
    .select((eb) => ["course_slug", eb.fn.count<number | string>("finished_at").as("finished")])
    .where("user_sub", "=", userSub)
    .groupBy("course_slug")
    .execute();
  return new Map(rows.map((row) => [row.course_slug, Number(row.finished)]));
}

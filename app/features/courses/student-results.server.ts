import { sql, type Kysely } from "kysely";
import type { SortOrder } from "#app/components/sort-header.tsx";
import type { Database } from "#app/lib/db/schema.ts";

/** The columns a teacher may sort the students' results by. */
export const RESULT_SORTS = ["name", "lessons", "attempts", "best", "last"] as const;
export type ResultSort = (typeof RESULT_SORTS)[number];

export interface StudentResult {
  name: string;
  email: string | null;
  lessonsFinished: number;
  quizAttempts: number;
  /** The best attempt's share of right answers in percent, or null before a first attempt. */
  bestPercent: number | null;
  /** The latest lesson progress or finished attempt (ISO time). */
  lastActivity: string;
}

/** How a sort is asked for in the address (`?sort=best&order=descending`); anything else is the default. */
export function readResultSort(url: URL): { sort: ResultSort; order: SortOrder } {
  const asked = url.searchParams.get("sort");
  const sort = RESULT_SORTS.find((column) => column === asked) ?? "name";
  return { sort, order: url.searchParams.get("order") === "descending" ? "descending" : "ascending" };
}

const compareBy: Record<ResultSort, (a: StudentResult, b: StudentResult) => number> = {
  name: (a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }),
  lessons: (a, b) => a.lessonsFinished - b.lessonsFinished,
  attempts: (a, b) => a.quizAttempts - b.quizAttempts,
  // Not attempted yet sorts below every score.
  best: (a, b) => (a.bestPercent ?? -1) - (b.bestPercent ?? -1),
  last: (a, b) => a.lastActivity.localeCompare(b.lastActivity),
};

/** The rows in the asked order; equal rows stay in name order, so the table never shuffles between loads. */
export function sortResults(rows: readonly StudentResult[], sort: ResultSort, order: SortOrder): StudentResult[] {
  const direction = order === "ascending" ? 1 : -1;
  return [...rows].sort(
    (a, b) => direction * compareBy[sort](a, b) || compareBy.name(a, b) || (a.email ?? "").localeCompare(b.email ?? ""),
  );
}

/**
 * Every learner of a course with what they did: published lessons finished, attempts at the
 * course's quizzes (those whose Watch Now leads to it) and the best of them, and when they were last
 * active in either. Counted in the database, so a course with thousands of learners reads one row
 * per learner.
 */
export async function studentResults(db: Kysely<Database>, slug: string, quizSlugs: readonly string[]): Promise<StudentResult[]> {
  const [lessonRows, attemptRows] = await Promise.all([
    db
      .selectFrom("lesson_progress as progress")
      // Published lessons only, as the page's other numbers count them.
      .innerJoin("lessons", (join) => join.onRef("lessons.id", "=", "progress.lesson_id").on("lessons.status", "=", "published"))
      .select((eb) => [
        "progress.user_sub",
        eb.fn.countAll<number | string>().filterWhere("progress.finished_at", "is not", null).as("finished"),
        eb.fn.max("progress.updated_at").as("last"),
      ])
      .where("progress.course_slug", "=", slug)
      .groupBy("progress.user_sub")
      .execute(),
    quizSlugs.length
      ? db
          .selectFrom("quiz_attempts")
          .select((eb) => [
            "user_sub",
            eb.fn.countAll<number | string>().as("attempts"),
            eb.fn.max(sql<number>`score * 100.0 / total`).as("best"),
            eb.fn.max("finished_at").as("last"),
          ])
          .where("quiz_slug", "in", quizSlugs)
          // An attempt at a quiz of no questions scores nothing (and would divide by zero on PostgreSQL).
          .where("total", ">", 0)
          .groupBy("user_sub")
          .execute()
      : [],
  ]);
  const subs = [...new Set([...lessonRows.map((row) => row.user_sub), ...attemptRows.map((row) => row.user_sub)])];
  const people = new Map<string, { name: string; email: string | null }>();
  // In slices: an engine takes a bounded number of values in one statement.
  for (let start = 0; start < subs.length; start += 1000) {
    const rows = await db
      .selectFrom("people")
      .select(["sub", "name", "email"])
      .where("sub", "in", subs.slice(start, start + 1000))
      .execute();
    for (const row of rows) people.set(row.sub, row);
  }
  const lessonsBy = new Map(lessonRows.map((row) => [row.user_sub, row]));
  const attemptsBy = new Map(attemptRows.map((row) => [row.user_sub, row]));
  return subs.map((sub) => {
    const lessons = lessonsBy.get(sub);
    const attempts = attemptsBy.get(sub);
    const person = people.get(sub);
    return {
      name: person?.name ?? "Name unknown",
      email: person?.email ?? null,
      lessonsFinished: Number(lessons?.finished ?? 0),
      quizAttempts: Number(attempts?.attempts ?? 0),
      bestPercent: attempts ? Math.round(Number(attempts.best) * 10) / 10 : null,
      lastActivity: [lessons?.last, attempts?.last]
        .filter((time): time is string => Boolean(time))
        .sort()
        .at(-1)!,
    };
  });
}

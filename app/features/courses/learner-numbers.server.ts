import type { Kysely } from "kysely";
import { learnerNumbersPeriod } from "#app/lib/content-versions/page-cache.ts";
import type { Database } from "#app/lib/db/schema.ts";

/** What learners did with one course, as its listing cards show it. */
export interface CourseNumbers {
  /** Learners who started at least one of its lessons. */
  students: number;
  ratings: number;
  /** The mean of the ratings, 1 to 5; null while there are none. */
  averageStars: number | null;
}

const none: CourseNumbers = { students: 0, ratings: 0, averageStars: null };

async function countNumbers(db: Kysely<Database>): Promise<Map<string, CourseNumbers>> {
  const [started, rated] = await Promise.all([
    db
      .selectFrom("lesson_progress")
      .select((eb) => ["course_slug", eb.fn.count<number | string>("user_sub").distinct().as("students")])
      .groupBy("course_slug")
      .execute(),
    db
      .selectFrom("course_ratings")
      .select((eb) => ["course_slug", eb.fn.countAll<number | string>().as("ratings"), eb.fn.avg<number | string>("stars").as("average")])
      .groupBy("course_slug")
      .execute(),
  ]);
  const numbers = new Map<string, CourseNumbers>();
  for (const row of started) numbers.set(row.course_slug, { ...none, students: Number(row.students) });
  for (const row of rated) {
    numbers.set(row.course_slug, {
      ...(numbers.get(row.course_slug) ?? none),
      ratings: Number(row.ratings),
      averageStars: Number(row.average),
    });
  }
  return numbers;
}

const kept = new WeakMap<Kysely<Database>, { period: number; numbers: Promise<Map<string, CourseNumbers>> }>();

/**
 * Every course's numbers, counted once per ten minutes (learnerNumbersPeriod) in each process: the
 * listing pages showing them are kept for as long (page-cache topic "learner-numbers").
 */
export async function learnerNumbersByCourse(db: Kysely<Database>): Promise<(slug: string) => CourseNumbers> {
  const period = learnerNumbersPeriod();
  let entry = kept.get(db);
  if (entry?.period !== period) {
    const numbers = countNumbers(db);
    entry = { period, numbers };
    kept.set(db, entry);
    // A failed count is not kept: the next page asks again.
    numbers.catch(() => {
      if (kept.get(db)?.numbers === numbers) kept.delete(db);
    });
  }
  const numbers = await entry.numbers;
  return (slug) => numbers.get(slug) ?? none;
}

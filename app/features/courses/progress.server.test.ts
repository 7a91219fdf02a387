import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import { progressAndRating } from "./progress.server.ts";

describe.each(engines)("a learner's progress and rating in one read, on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  const at = "2026-12-02T10:00:00.000Z";
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    const progress = (user_sub: string, course_slug: string, lesson_id: string, position_seconds: number, finished_at: string | null) => ({
      user_sub,
      course_slug,
      lesson_id,
      position_seconds,
      finished_at,
      updated_at: at,
    });
    await handle.db
      .insertInto("lesson_progress")
      .values([
        progress("asha", "java", "java-01", 0, at),
        progress("asha", "java", "java-02", 95, null),
        progress("asha", "python", "python-01", 12, null),
        progress("ravi", "java", "java-01", 30, null),
        // Read back through JSON: an id with its quoting characters and a non-ASCII letter comes back whole.
        progress("zoë", "java", 'java "extra", [1]', 7, at),
      ])
      .execute();
    await handle.db
      .insertInto("course_ratings")
      .values([
        { course_slug: "java", user_sub: "asha", stars: 4, created_at: at, updated_at: at },
        { course_slug: "java", user_sub: "meena", stars: 2, created_at: at, updated_at: at },
        { course_slug: "python", user_sub: "ravi", stars: 5, created_at: at, updated_at: at },
      ])
      .execute();
  });
  afterAll(() => handle?.close());

  it("gives that learner's lessons of that course with their stars, and the stars alone or nothing when there is no progress", async () => {
    const asha = await progressAndRating(handle.db, "asha", "java");
    expect(asha.rating).toBe(4);
    expect(asha.progress.sort((a, b) => a.lessonId.localeCompare(b.lessonId))).toEqual([
      { lessonId: "java-01", positionSeconds: 0, finished: true, updatedAt: at },
      { lessonId: "java-02", positionSeconds: 95, finished: false, updatedAt: at },
    ]);
    expect(await progressAndRating(handle.db, "ravi", "java")).toEqual({
      progress: [{ lessonId: "java-01", positionSeconds: 30, finished: false, updatedAt: at }],
      rating: null,
    });
    expect(await progressAndRating(handle.db, "meena", "java")).toEqual({ progress: [], rating: 2 });
    expect(await progressAndRating(handle.db, "meena", "python")).toEqual({ progress: [], rating: null });
    expect(await progressAndRating(handle.db, "zoë", "java")).toEqual({
      progress: [{ lessonId: 'java "extra", [1]', positionSeconds: 7, finished: true, updatedAt: at }],
      rating: null,
    });
  });
});

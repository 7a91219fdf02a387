import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { migrateTo, migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { createTestDatabase, engines, openTestDatabase, type TestDatabase } from "#tests/setup/databases.ts";
import { progressAndRating, recordLessonProgress, type LearnerCourseState } from "./progress.server.ts";

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

  /** The state read with no version known: never "unchanged". */
  const read = async (userSub: string, courseSlug: string): Promise<LearnerCourseState> => {
    const state = await progressAndRating(handle.db, userSub, courseSlug);
    if (state === "unchanged") throw new Error("no version was known");
    return state;
  };
  const withoutVersion = ({ progress, rating }: LearnerCourseState) => ({ progress, rating });

  it("gives that learner's lessons of that course with their stars, and the stars alone or nothing when there is no progress", async () => {
    const asha = await read("asha", "java");
    expect(asha.rating).toBe(4);
    expect(asha.progress.sort((a, b) => a.lessonId.localeCompare(b.lessonId))).toEqual([
      { lessonId: "java-01", positionSeconds: 0, finished: true, updatedAt: at },
      { lessonId: "java-02", positionSeconds: 95, finished: false, updatedAt: at },
    ]);
    expect(withoutVersion(await read("ravi", "java"))).toEqual({
      progress: [{ lessonId: "java-01", positionSeconds: 30, finished: false, updatedAt: at }],
      rating: null,
    });
    expect(withoutVersion(await read("meena", "java"))).toEqual({ progress: [], rating: 2 });
    expect(withoutVersion(await read("meena", "python"))).toEqual({ progress: [], rating: null });
    expect(withoutVersion(await read("zoë", "java"))).toEqual({
      progress: [{ lessonId: 'java "extra", [1]', positionSeconds: 7, finished: true, updatedAt: at }],
      rating: null,
    });
  });

  it("gives each learner's state in a course a version of its own, and says unchanged only while it is the one known", async () => {
    const versions = await Promise.all(
      [
        ["asha", "java"],
        ["asha", "python"],
        ["ravi", "java"],
        ["ravi", "python"],
        ["meena", "java"],
      ].map(async ([user, course]) => (await read(user!, course!)).version),
    );
    expect(versions.every((version) => typeof version === "string" && version.length >= 16)).toBe(true);
    expect(new Set(versions).size).toBe(versions.length);
    expect(await progressAndRating(handle.db, "ravi", "java", versions[2])).toBe("unchanged");
    expect(await progressAndRating(handle.db, "ravi", "java", versions[0])).not.toBe("unchanged");
    // Nothing stored is a state too, until the first write.
    const nothing = await read("nobody", "java");
    expect(nothing).toMatchObject({ progress: [], rating: null });
    expect(versions).not.toContain(nothing.version);
    expect(await progressAndRating(handle.db, "nobody", "java", nothing.version)).toBe("unchanged");
    expect(await progressAndRating(handle.db, "nobody", "java", "")).not.toBe("unchanged");
    await recordLessonProgress(handle.db, "nobody", { course: "java", lessonId: "java-01", positionSeconds: 3, finished: false });
    expect(await progressAndRating(handle.db, "nobody", "java", nothing.version)).toMatchObject({ progress: [{ lessonId: "java-01" }] });
  });

  it("changes the version with every write of progress or stars, whoever writes it, and reads the new state with it", async () => {
    const before = await read("ravi", "java");
    await recordLessonProgress(handle.db, "ravi", { course: "java", lessonId: "java-01", positionSeconds: 31, finished: false });
    const afterProgress = await progressAndRating(handle.db, "ravi", "java", before.version);
    expect(afterProgress).toMatchObject({ progress: [{ lessonId: "java-01", positionSeconds: 31 }], rating: null });
    const progressVersion = (afterProgress as LearnerCourseState).version;
    expect(progressVersion).not.toBe(before.version);

    await handle.db
      .insertInto("course_ratings")
      .values({ course_slug: "java", user_sub: "ravi", stars: 3, created_at: at, updated_at: at })
      .execute();
    const rated = await progressAndRating(handle.db, "ravi", "java", progressVersion);
    expect(rated).toMatchObject({ rating: 3 });
    const ratedVersion = (rated as LearnerCourseState).version;

    await handle.db
      .updateTable("course_ratings")
      .set({ stars: 5 })
      .where("user_sub", "=", "ravi")
      .where("course_slug", "=", "java")
      .execute();
    const rerated = await progressAndRating(handle.db, "ravi", "java", ratedVersion);
    expect(rerated).toMatchObject({ rating: 5 });

    await handle.db.deleteFrom("lesson_progress").where("user_sub", "=", "ravi").where("course_slug", "=", "java").execute();
    const emptied = await progressAndRating(handle.db, "ravi", "java", (rerated as LearnerCourseState).version);
    expect(emptied).toMatchObject({ progress: [], rating: 5 });
    // Another course's state is another version: untouched by all this.
    expect(await progressAndRating(handle.db, "asha", "python", (await read("asha", "python")).version)).toBe("unchanged");
  });
});

describe.each(engines)("learners' progress stored before it had versions, on %s", (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it("gets a version for each learner and course that has progress or stars, and none for others", async () => {
    await migrateTo(handle.db, "026-booking-meeting-address");
    const at = "2026-12-02T10:00:00.000Z";
    await handle.db
      .insertInto("lesson_progress")
      .values(
        ["java-01", "java-02"].map((lesson_id) => ({
          user_sub: "asha",
          course_slug: "java",
          lesson_id,
          position_seconds: 5,
          finished_at: null,
          updated_at: at,
        })),
      )
      .execute();
    await handle.db
      .insertInto("course_ratings")
      .values([
        { course_slug: "java", user_sub: "asha", stars: 4, created_at: at, updated_at: at },
        { course_slug: "python", user_sub: "ravi", stars: 2, created_at: at, updated_at: at },
      ])
      .execute();
    await migrateToLatest(handle.db);
    const versions = await handle.db
      .selectFrom("learner_course_versions")
      .select(["user_sub", "course_slug"])
      .orderBy("user_sub")
      .execute();
    expect(versions).toEqual([
      { user_sub: "asha", course_slug: "java" },
      { user_sub: "ravi", course_slug: "python" },
    ]);
    const asha = await progressAndRating(handle.db, "asha", "java");
    expect(asha).toMatchObject({ rating: 4 });
    expect((asha as LearnerCourseState).progress.map((lesson) => lesson.lessonId).sort()).toEqual(["java-01", "java-02"]);
    expect(await progressAndRating(handle.db, "asha", "java", (asha as LearnerCourseState).version)).toBe("unchanged");
  });
});

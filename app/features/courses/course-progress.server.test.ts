import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import type { CatalogueCourse, CatalogueLesson } from "./catalogue.server.ts";
import { courseProgressView } from "./course-progress.server.ts";
import { recordLessonProgress } from "./progress.server.ts";
import { signedOutProgress } from "./types.ts";

const lesson = (number: number): CatalogueLesson => ({
  id: `java-0${number}`,
  number,
  title: `Lesson ${number}`,
  description: "",
  video: null,
  captions: [],
  durationSeconds: null,
});

const course: CatalogueCourse = {
  slug: "java",
  title: "Java",
  descriptionHtml: "",
  image: { src: "/java.png", alt: "", width: 1, height: 1 },
  paths: ["/courses/java"],
  lessons: [1, 2, 3].map(lesson),
};

describe.each(engines)("a learner's progress as a course page shows it, on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    const row = (user_sub: string, lesson_id: string, position_seconds: number, finished: boolean, updated_at: string) => ({
      user_sub,
      course_slug: "java",
      lesson_id,
      position_seconds,
      finished_at: finished ? updated_at : null,
      updated_at,
    });
    await handle.db
      .insertInto("lesson_progress")
      .values([
        row("asha", "java-03", 0, true, "2026-12-02T10:05:00.000Z"),
        row("asha", "java-01", 40, false, "2026-12-02T10:00:00.000Z"),
        row("asha", "java-02", 75, true, "2026-12-02T10:05:00.000Z"),
        // A lesson the course no longer has, touched last: not where the page opens.
        row("asha", "java-old", 12, true, "2026-12-02T11:00:00.000Z"),
        row("ravi", "java-02", 30, false, "2026-12-02T09:00:00.000Z"),
        row("ravi", "java-01", 10, false, "2026-12-02T09:30:00.000Z"),
      ])
      .execute();
  });
  afterAll(() => handle?.close());

  it("lists the finished lessons in order and the places to resume, and opens at the lesson touched last, the later one on a tie", async () => {
    expect(await courseProgressView(handle.db, "asha", course)).toEqual({
      signedIn: true,
      finished: [2, 3],
      positions: { 1: 40, 2: 75 },
      resumeLesson: 3,
      started: true,
      rating: null,
    });
    expect((await courseProgressView(handle.db, "ravi", course)).resumeLesson).toBe(1);
  });

  it("shows a learner with no progress the course from its start, and a visitor the signed-out view", async () => {
    expect(await courseProgressView(handle.db, "meena", course)).toEqual({
      signedIn: true,
      finished: [],
      positions: {},
      resumeLesson: null,
      started: false,
      rating: null,
    });
    expect(await courseProgressView(handle.db, null, course)).toBe(signedOutProgress);
  });

  it("answers with the view it made while the learner's state and the catalogue are as they were, and with a new one as soon as either changes", async () => {
    const first = await courseProgressView(handle.db, "ravi", course);
    expect(await courseProgressView(handle.db, "ravi", course)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.finished) && Object.isFrozen(first.positions)).toBe(true);

    // A write from anywhere (another worker, another instance) changes what the next request sees.
    await recordLessonProgress(handle.db, "ravi", { course: "java", lessonId: "java-03", finished: true });
    const afterWrite = await courseProgressView(handle.db, "ravi", course);
    expect(afterWrite).toMatchObject({ finished: [3], resumeLesson: 3, positions: { 1: 10, 2: 30 } });

    // The catalogue's next version numbers the lessons otherwise: the view follows it.
    const reordered: CatalogueCourse = { ...course, lessons: [3, 2, 1].map((number, index) => ({ ...lesson(number), number: index + 1 })) };
    expect(await courseProgressView(handle.db, "ravi", reordered)).toMatchObject({
      finished: [1],
      resumeLesson: 1,
      positions: { 3: 10, 2: 30 },
    });
    expect(await courseProgressView(handle.db, "ravi", course)).toEqual(afterWrite);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coursesByCategory } from "#app/content/seeds/courses.ts";
import { changeContent } from "#app/lib/content-versions/content-versions.server.ts";
import { lessonsByCourse } from "#app/content/seeds/lessons/index.server.ts";
import { questionsByQuiz } from "#app/content/seeds/quiz-questions/index.server.ts";
import { quizzes } from "#app/content/seeds/quizzes.ts";
import { videoCourses } from "#app/content/seeds/video-courses.ts";
import { courseCatalogue } from "#app/features/courses/catalogue.server.ts";
import { lessonNotesByCourse } from "#app/content/seeds/lesson-notes/index.server.ts";
import { applyCourseSeed, applyLessonNotesSeed } from "#app/features/courses/seed.server.ts";
import { quizCatalogue } from "#app/features/quizzes/catalogue.server.ts";
import { applyQuizExplanationsSeed, applyQuizSeed } from "#app/features/quizzes/seed.server.ts";
import { proseWordCount } from "../setup/prose-words.ts";
import { migrateTo, migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { createTestDatabase, engines, openTestDatabase, type Engine } from "../setup/databases.ts";

/** The spec's numbers: lessons per course, questions per quiz, cards per listing. */
const specLessons = {
  java: 32,
  dsa: 35,
  react: 22,
  express: 7,
  nodejs: 10,
  mongodb: 15,
  mysql: 1,
  javascript: 32,
  html: 1,
  css: 1,
  "advanced-java": 1,
};
const specQuestions = { java: 20, fullstack: 15, react: 10, javascript: 15 };
const specListings = { mern: 4, fullstack: 8, programming: 4 };

describe.each(engines)("the learning content seed on %s", (engine) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(engine, { seeded: true });
  });
  afterAll(() => database.close());

  it("gives a fresh database the spec's courses, lessons, quizzes and listings", async () => {
    const courses = await courseCatalogue(database.db);
    expect(Object.fromEntries(courses.courses.map((course) => [course.slug, course.lessons.length]))).toEqual(specLessons);
    for (const course of videoCourses) {
      const stored = courses.course(course.slug)!;
      expect(stored.title).toBe(course.title);
      expect(stored.paths).toEqual(course.paths);
      expect(stored.image.src).toBe(course.image.replace(/\?v=.*$/, ""));
      expect(stored.lessons.map(({ title, description }) => ({ title, description }))).toEqual(lessonsByCourse[course.slug]);
      // Each lesson's English captions sit beside its video, under the names operators placed them by.
      expect(stored.lessons.map((lesson) => lesson.captions)).toEqual(
        stored.lessons.map((lesson) => [{ file: lesson.video!.replace(/\.mp4$/, ".en.vtt"), language: "en", label: "English" }]),
      );
      for (const path of course.paths) expect(courses.courseAt(path.toUpperCase() + "/")?.slug).toBe(course.slug);
    }
    for (const [category, count] of Object.entries(specListings)) {
      const listing = courses.listing(category);
      expect(listing).toHaveLength(count);
      expect(listing.map((card) => [card.id, card.title, card.price, card.teacher, card.duration, card.path])).toEqual(
        coursesByCategory[category]!.map((card) => [card.id, card.title, card.price, card.teachername, card.duration, card.readlink]),
      );
    }

    const stored = await quizCatalogue(database.db);
    expect(Object.fromEntries(stored.quizzes.map((quiz) => [quiz.slug, quiz.questions.length]))).toEqual(specQuestions);
    for (const quiz of quizzes) {
      expect(stored.quiz(quiz.slug.toUpperCase())).toMatchObject({
        title: quiz.title,
        hubHref: quiz.hubHref,
        plainLink: quiz.plainLink,
        coursePath: quiz.coursePath,
      });
      expect(stored.quiz(quiz.slug)!.questions).toEqual(questionsByQuiz[quiz.slug]);
    }
  });

  it("gives every seeded lesson notes that teach: a heading and at least 300 words besides the code", async () => {
    const lessons = await database.db.selectFrom("lessons").select(["id", "notes"]).orderBy("id").execute();
    expect(lessons).toHaveLength(157);
    const thin = lessons.filter(({ notes }) => !/^#{1,6} \S/m.test(notes) || proseWordCount(notes) < 300).map(({ id }) => id);
    expect(thin).toEqual([]);
  });

  it("explains every seeded question's answer", async () => {
    const questions = await database.db.selectFrom("quiz_questions").select(["id", "explanation"]).execute();
    expect(questions).toHaveLength(60);
    expect(questions.filter(({ explanation }) => explanation.trim().split(/\s+/).length < 10).map(({ id }) => id)).toEqual([]);
  });

  it("is written on the first start only: a later start keeps what staff changed", async () => {
    await changeContent(database.db, "courses", (trx) =>
      trx.updateTable("lessons").set({ title: "Changed by a teacher" }).where("id", "=", "java-01").execute(),
    );
    await changeContent(database.db, "quizzes", (trx) => trx.deleteFrom("quiz_questions").where("id", "=", "java-20").execute());
    expect(await applyCourseSeed(database.db)).toBe(false);
    expect(await applyLessonNotesSeed(database.db)).toBe(false);
    expect(await applyQuizSeed(database.db)).toBe(false);
    expect(await applyQuizExplanationsSeed(database.db)).toBe(false);
    const lesson = await database.db.selectFrom("lessons").select("title").where("id", "=", "java-01").executeTakeFirstOrThrow();
    expect(lesson.title).toBe("Changed by a teacher");
    expect(await database.db.selectFrom("quiz_questions").select("id").where("quiz_slug", "=", "java").execute()).toHaveLength(19);
  });
});

/** A database of the block's own, made empty before its tests and dropped after them. */
function emptyDatabase(engine: Engine) {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: ReturnType<Awaited<ReturnType<typeof createTestDatabase>>["open"]>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = database.open();
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });
  return {
    get db() {
      return handle.db;
    },
  };
}

describe.each(engines)("moving to stored courses on %s", (engine) => {
  const handle = emptyDatabase(engine);

  it("keeps each learner's progress with its lesson and gives old attempts the questions they were scored against", async () => {
    await migrateTo(handle.db, "011-content-versions");
    const db = handle.db as never as import("kysely").Kysely<Record<string, Record<string, unknown>>>;
    const now = new Date().toISOString();
    await db
      .insertInto("lesson_progress")
      .values([
        { user_sub: "learner", course_slug: "dsa", lesson_number: 4, position_seconds: 30, finished_at: null, updated_at: now },
        { user_sub: "learner", course_slug: "java", lesson_number: 12, position_seconds: 0, finished_at: now, updated_at: now },
      ])
      .execute();
    const answers = JSON.stringify([{ question: "react-01", choice: "1" }]);
    await db
      .insertInto("quiz_attempts")
      .values({ id: "a1", user_sub: "learner", quiz_slug: "react", score: 1, total: 10, answers, finished_at: now })
      .execute();

    await migrateToLatest(handle.db);
    // Two instances starting at once: the seed is written once.
    expect((await Promise.all([applyCourseSeed(handle.db), applyCourseSeed(handle.db)])).filter(Boolean)).toHaveLength(1);
    expect((await Promise.all([applyQuizSeed(handle.db), applyQuizSeed(handle.db)])).filter(Boolean)).toHaveLength(1);
    expect(await handle.db.selectFrom("lessons").select("id").execute()).toHaveLength(157);

    const progress = await handle.db
      .selectFrom("lesson_progress")
      .select(["lesson_id", "course_slug", "position_seconds"])
      .orderBy("lesson_id")
      .execute();
    expect(progress).toEqual([
      { lesson_id: "dsa-04", course_slug: "dsa", position_seconds: 30 },
      { lesson_id: "java-12", course_slug: "java", position_seconds: 0 },
    ]);
    const titles = await handle.db
      .selectFrom("lessons")
      .select(["id", "title"])
      .where("id", "in", ["dsa-04", "java-12"])
      .orderBy("id")
      .execute();
    expect(titles.map((row) => row.title)).toEqual([lessonsByCourse.dsa![3]!.title, lessonsByCourse.java![11]!.title]);

    const attempt = await handle.db.selectFrom("quiz_attempts").select("questions").where("id", "=", "a1").executeTakeFirstOrThrow();
    expect(JSON.parse(attempt.questions!)[0]).toEqual(questionsByQuiz.react![0]);
  });
});

describe.each(engines)("captions from before a lesson could have several, on %s", (engine) => {
  const handle = emptyDatabase(engine);

  it("become each lesson's English track, the old column emptied and the courses' pages made anew", async () => {
    const { db } = handle;
    await migrateTo(db, "021-course-descriptions");
    const lesson = (id: string, captions: string | null) => ({
      id,
      course_slug: "java",
      position: Number(id.slice(-1)),
      title: `Lesson ${id}`,
      description: "",
      status: "published",
      video: `${id}.mp4`,
      captions,
      duration_seconds: null,
      notes: "",
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-02-01T00:00:00.000Z",
    });
    await changeContent(db, "courses", (trx) =>
      (trx as never as import("kysely").Kysely<Record<string, Record<string, unknown>>>)
        .insertInto("lessons")
        .values([lesson("old-1", "java/01.en.vtt"), lesson("old-2", null), lesson("old-3", "lessons/old-3/abc.vtt")])
        .execute(),
    );
    const version = async () =>
      (await db.selectFrom("content_versions").select("version").where("topic", "=", "courses").executeTakeFirst())?.version;
    const before = Number(await version());

    await migrateToLatest(db);
    expect(await db.selectFrom("lesson_captions").selectAll().orderBy("lesson_id").execute()).toEqual([
      { lesson_id: "old-1", language: "en", label: "English", file: "java/01.en.vtt", position: 1, created_at: "2026-02-01T00:00:00.000Z" },
      {
        lesson_id: "old-3",
        language: "en",
        label: "English",
        file: "lessons/old-3/abc.vtt",
        position: 1,
        created_at: "2026-02-01T00:00:00.000Z",
      },
    ]);
    const old = db as never as import("kysely").Kysely<{ lessons: { captions: string | null } }>;
    expect((await old.selectFrom("lessons").select("captions").execute()).map((row) => row.captions)).toEqual([null, null, null]);
    expect(Number(await version())).toBe(before + 1);
  });
});

describe.each(engines)("notes and explanations for a database seeded before they existed, on %s", (engine) => {
  const handle = emptyDatabase(engine);

  it("are written into the seeded lessons and questions, never over a teacher's own", async () => {
    const { db } = handle;
    await migrateToLatest(db);
    await applyCourseSeed(db);
    await applyQuizSeed(db);
    // What teachers did before the notes came: their own notes, a lesson made into another, a question rewritten.
    await changeContent(db, "courses", async (trx) => {
      await trx.updateTable("lessons").set({ notes: "My own notes." }).where("id", "=", "java-02").execute();
      await trx.updateTable("lessons").set({ title: "Another lesson now" }).where("id", "=", "java-03").execute();
    });
    await changeContent(db, "quizzes", async (trx) => {
      await trx.updateTable("quiz_questions").set({ question: "A question of my own?" }).where("id", "=", "java-05").execute();
      await trx.updateTable("quiz_questions").set({ explanation: "My own explanation." }).where("id", "=", "java-06").execute();
    });

    // Two instances starting at once: written once.
    expect((await Promise.all([applyLessonNotesSeed(db), applyLessonNotesSeed(db)])).filter(Boolean)).toHaveLength(1);
    expect((await Promise.all([applyQuizExplanationsSeed(db), applyQuizExplanationsSeed(db)])).filter(Boolean)).toHaveLength(1);

    const notes = Object.fromEntries(
      (await db.selectFrom("lessons").select(["id", "notes"]).where("id", "in", ["java-01", "java-02", "java-03"]).execute()).map((row) => [
        row.id,
        row.notes,
      ]),
    );
    expect(notes).toEqual({ "java-01": lessonNotesByCourse().java![0], "java-02": "My own notes.", "java-03": "" });
    const explanations = Object.fromEntries(
      (
        await db.selectFrom("quiz_questions").select(["id", "explanation"]).where("id", "in", ["java-04", "java-05", "java-06"]).execute()
      ).map((row) => [row.id, row.explanation]),
    );
    expect(explanations).toEqual({
      "java-04": questionsByQuiz.java![3]!.explanation,
      "java-05": "",
      "java-06": "My own explanation.",
    });
  });
});

// The measure the notes' test above uses.
describe("the words of lesson notes", () => {
  it("counts the prose, not the code", () => {
    expect(proseWordCount("## A heading\n\nTwo words.\n\n```java\nint a = 1; int b = 2;\n```\n\n- and three more")).toBe(7);
    expect(proseWordCount("```\nonly code here\n```")).toBe(0);
  });
});

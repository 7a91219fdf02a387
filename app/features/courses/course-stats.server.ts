import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";

interface StoredAnswer {
  question: string;
  choice: string | null;
}
interface StoredQuestion {
  id: string;
  question: string;
  answer: string;
}

/** The most questions listed as hardest. */
const HARDEST_LISTED = 10;

/** The quizzes whose Watch Now leads to one of the course's addresses: "its" quizzes, for its numbers. */
export async function quizzesLeadingTo(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom("quizzes")
    .innerJoin("course_paths", "course_paths.path", "quizzes.course_path")
    .select(["quizzes.slug", "quizzes.title"])
    .where("course_paths.course_slug", "=", slug)
    .orderBy("quizzes.position")
    .orderBy("quizzes.slug")
    .execute();
}

/**
 * A course's numbers for its teachers: learners who started and finished it, each published
 * lesson's, the average score of its quizzes (those whose Watch Now leads to it) and the questions
 * most often answered wrong, counted from the questions each attempt was scored against.
 */
export async function courseStats(db: Kysely<Database>, slug: string) {
  const [lessons, quizzes, progress] = await Promise.all([
    db
      .selectFrom("lessons")
      .select(["id", "title"])
      .where("course_slug", "=", slug)
      .where("status", "=", "published")
      .orderBy("position")
      .orderBy("id")
      .execute(),
    quizzesLeadingTo(db, slug),
    db.selectFrom("lesson_progress").select(["user_sub", "lesson_id", "finished_at"]).where("course_slug", "=", slug).execute(),
  ]);
  const attempts = quizzes.length
    ? await db
        .selectFrom("quiz_attempts")
        .select(["quiz_slug", "score", "total", "answers", "questions"])
        .where(
          "quiz_slug",
          "in",
          quizzes.map((quiz) => quiz.slug),
        )
        .execute()
    : [];

  // One row per learner and lesson (the table's key), so counting rows counts learners.
  const perLesson = new Map(lessons.map((lesson) => [lesson.id, { started: 0, finished: 0 }]));
  const finishedBy = new Map<string, number>();
  const learners = new Set<string>();
  for (const row of progress) {
    const counts = perLesson.get(row.lesson_id);
    if (!counts) continue;
    learners.add(row.user_sub);
    counts.started += 1;
    if (row.finished_at === null) continue;
    counts.finished += 1;
    finishedBy.set(row.user_sub, (finishedBy.get(row.user_sub) ?? 0) + 1);
  }
  const lessonRows = lessons.map((lesson, index) => ({ number: index + 1, title: lesson.title, ...perLesson.get(lesson.id)! }));

  const byQuestion = new Map<string, { quiz: string; question: string; answered: number; wrong: number }>();
  for (const attempt of attempts) {
    const questions = new Map(((attempt.questions ? JSON.parse(attempt.questions) : []) as StoredQuestion[]).map((q) => [q.id, q]));
    for (const answer of JSON.parse(attempt.answers) as StoredAnswer[]) {
      const question = questions.get(answer.question);
      if (!question) continue;
      // Questions are told apart by id and text: an edited question counts as a new one.
      const key = `${answer.question}\n${question.question}`;
      const entry = byQuestion.get(key) ?? { quiz: attempt.quiz_slug, question: question.question, answered: 0, wrong: 0 };
      entry.answered += 1;
      if (answer.choice !== question.answer) entry.wrong += 1;
      byQuestion.set(key, entry);
    }
  }
  const quizTitle = new Map(quizzes.map((quiz) => [quiz.slug, quiz.title]));
  const hardest = [...byQuestion.values()]
    .map((entry) => ({ ...entry, quiz: quizTitle.get(entry.quiz) ?? entry.quiz, wrongShare: entry.wrong / entry.answered }))
    .sort((a, b) => b.wrongShare - a.wrongShare || b.answered - a.answered)
    .slice(0, HARDEST_LISTED);

  return {
    learnersStarted: learners.size,
    learnersFinished: lessons.length ? [...finishedBy.values()].filter((finished) => finished === lessons.length).length : 0,
    lessons: lessonRows,
    quizzes,
    attempts: attempts.length,
    averageScore: attempts.length
      ? attempts.reduce((sum, attempt) => sum + (attempt.score * 100) / attempt.total, 0) / attempts.length
      : null,
    hardest,
  };
}

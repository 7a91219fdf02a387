import type { Kysely } from "kysely";
import { questionsByQuiz } from "#app/content/seeds/quiz-questions/index.server.ts";
import { quizzes } from "#app/content/seeds/quizzes.ts";
import { raiseContentVersion } from "#app/lib/content-versions/content-versions.server.ts";
import { seedOnFirstStart } from "#app/lib/db/first-start-seed.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { attemptQuestionsJson } from "./attempts.server.ts";

/**
 * The four quizzes as they were built by hand (app/content), written on the first start; from then
 * on staff edit them (/staff). Attempts stored before quizzes could change were scored against
 * these very questions, so they are given them as the questions they were scored against.
 */
export async function applyQuizSeed(db: Kysely<Database>): Promise<boolean> {
  const now = new Date().toISOString();
  return seedOnFirstStart(db, "quizzes", { quizzes, questionsByQuiz }, async (trx) => {
    await raiseContentVersion(trx, "quizzes");
    await trx
      .insertInto("quizzes")
      .values(
        quizzes.map((quiz, position) => ({
          slug: quiz.slug,
          title: quiz.title,
          hub_href: quiz.hubHref,
          plain_link: quiz.plainLink ? 1 : 0,
          course_path: quiz.coursePath,
          status: "published" as const,
          position,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    for (const quiz of quizzes) {
      const questions = questionsByQuiz[quiz.slug] ?? [];
      await trx
        .insertInto("quiz_questions")
        .values(
          questions.map((question, position) => ({
            id: question.id,
            quiz_slug: quiz.slug,
            position,
            question: question.question,
            code: question.code ?? null,
            options: JSON.stringify(question.options),
            answer: question.answer,
          })),
        )
        .execute();
      await trx
        .updateTable("quiz_attempts")
        .set({ questions: attemptQuestionsJson(questions) })
        .where("quiz_slug", "=", quiz.slug)
        .where("questions", "is", null)
        .execute();
    }
  });
}

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
            explanation: "",
            text_format: "plain" as const,
            text_source: "",
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

/**
 * The seeded questions' explanations, written once: into a new database after the quizzes, and
 * into one seeded before questions had explanations. Only into a seeded question still asking and
 * answering as seeded whose explanation is empty, so no teacher's edit is overwritten.
 */
export async function applyQuizExplanationsSeed(db: Kysely<Database>): Promise<boolean> {
  const explanations = Object.values(questionsByQuiz).flatMap((questions) =>
    questions.map(({ id, question, answer, explanation }) => ({ id, question, answer, explanation })),
  );
  return seedOnFirstStart(db, "quiz-explanations", explanations, async (trx) => {
    for (const { id, question, answer, explanation } of explanations) {
      await trx
        .updateTable("quiz_questions")
        .set({ explanation })
        .where("id", "=", id)
        .where("question", "=", question)
        .where("answer", "=", answer)
        .where("explanation", "=", "")
        .execute();
    }
    await raiseContentVersion(trx, "quizzes");
  });
}

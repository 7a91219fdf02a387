import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { QuizQuestion } from "#app/content/seeds/quiz-questions/types.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { keptAnswers, type KeptAnswer } from "./kept-place.ts";

export async function saveAttempt(
  db: Kysely<Database>,
  {
    userSub,
    quizSlug,
    questions,
    choices,
    score,
  }: {
    userSub: string;
    quizSlug: string;
    questions: readonly QuizQuestion[];
    choices: (number | null)[];
    score: number;
  },
): Promise<string> {
  // An attempt keeps its choices as a kept place does: each question's id and the option's text.
  const answers = keptAnswers(questions, choices);
  const id = randomUUID();
  await db
    .insertInto("quiz_attempts")
    .values({
      id,
      user_sub: userSub,
      quiz_slug: quizSlug,
      score,
      total: questions.length,
      answers: JSON.stringify(answers),
      questions: attemptQuestionsJson(questions),
      finished_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

/** A question as an attempt kept it: attempts kept before questions had explanations have none. */
type AttemptQuestion = Omit<QuizQuestion, "explanation"> & { explanation?: string };

/** The questions an attempt was scored against, kept with it so its review survives edits to the quiz. */
export const attemptQuestionsJson = (questions: readonly QuizQuestion[]) =>
  JSON.stringify(
    questions.map(({ id, question, code, options, answer, explanation, rich }) => ({
      id,
      question,
      code,
      options,
      answer,
      explanation,
      ...(rich ? { rich } : {}),
    })),
  );

/** The learner's own attempt, or undefined (someone else's attempts do not exist for them). */
export async function findAttempt(db: Kysely<Database>, userSub: string, quizSlug: string, id: string) {
  const row = await db
    .selectFrom("quiz_attempts")
    .selectAll()
    .where("id", "=", id)
    .where("user_sub", "=", userSub)
    .where("quiz_slug", "=", quizSlug)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    answers: JSON.parse(row.answers) as KeptAnswer[],
    questions: row.questions === null ? [] : (JSON.parse(row.questions) as AttemptQuestion[]),
  };
}

/** Best percentage (of one attempt, whatever the quiz's size then) and number of attempts per quiz, for the profile. */
export async function bestScoresByQuiz(db: Kysely<Database>, userSub: string) {
  const rows = await db
    .selectFrom("quiz_attempts")
    .select((eb) => [
      "quiz_slug",
      eb.fn.max(sql<number>`score * 100.0 / total`).as("best_percent"),
      eb.fn.countAll<number | string>().as("attempts"),
    ])
    .where("user_sub", "=", userSub)
    .groupBy("quiz_slug")
    .execute();
  return new Map(rows.map((row) => [row.quiz_slug, { bestPercent: Number(row.best_percent), attempts: Number(row.attempts) }]));
}

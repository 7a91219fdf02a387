import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { quizCatalogue, type CatalogueQuiz } from "./catalogue.server.ts";
import { signedOutQuizProgress, type QuizProgressView } from "./types.ts";

/** A choice as kept: the option's text (null for none), so a reordered option keeps its answer. */
interface KeptAnswer {
  question: string;
  choice: string | null;
}

type QuizQuestions = CatalogueQuiz["questions"];

/**
 * Keeps a signed-in learner's choices so far (`answered`, by option index, in the quiz's order)
 * until they finish: another device, a reload or Back goes on from there.
 */
export async function keepQuizProgress(
  db: Kysely<Database>,
  userSub: string,
  quiz: { slug: string; questions: QuizQuestions },
  answered: readonly (number | null)[],
): Promise<void> {
  const answers: KeptAnswer[] = answered.map((choice, index) => {
    const question = quiz.questions[index]!;
    return { question: question.id, choice: choice === null ? null : question.options[choice]! };
  });
  const row = { user_sub: userSub, quiz_slug: quiz.slug, answers: JSON.stringify(answers), updated_at: new Date().toISOString() };
  await db
    .insertInto("quiz_progress")
    .values(row)
    .onConflict((conflict) => conflict.columns(["user_sub", "quiz_slug"]).doUpdateSet({ answers: row.answers, updated_at: row.updated_at }))
    .execute();
}

/** Once the attempt is finished (or given up), the next one starts at question 1. */
export async function forgetQuizProgress(db: Kysely<Database>, userSub: string, quizSlug: string): Promise<void> {
  await db.deleteFrom("quiz_progress").where("user_sub", "=", userSub).where("quiz_slug", "=", quizSlug).execute();
}

/**
 * The learner's choices so far, as option indexes of the quiz as it is now. Kept choices count only
 * while they still fit: the same questions in the same order, each chosen option still there. A
 * quiz edited since keeps what still fits, and the learner goes on from there.
 */
export function answeredSoFar(questions: QuizQuestions, kept: readonly KeptAnswer[]): (number | null)[] {
  const answered: (number | null)[] = [];
  // Never all of them: a finished attempt is scored and forgotten, so the last question is still to answer.
  for (const [index, answer] of kept.slice(0, questions.length - 1).entries()) {
    const question = questions[index]!;
    if (answer.question !== question.id) break;
    const choice = answer.choice === null ? null : question.options.indexOf(answer.choice);
    if (choice === -1) break;
    answered.push(choice);
  }
  return answered;
}

/** One learner's progress in one quiz, as its page shows it; a visitor's is `signedOutQuizProgress`. */
export async function quizProgressView(db: Kysely<Database>, userSub: string | null, quiz: CatalogueQuiz): Promise<QuizProgressView> {
  if (userSub === null) return signedOutQuizProgress;
  const row = await db
    .selectFrom("quiz_progress")
    .select("answers")
    .where("user_sub", "=", userSub)
    .where("quiz_slug", "=", quiz.slug)
    .executeTakeFirst();
  return { signedIn: true, answered: row ? answeredSoFar(quiz.questions, JSON.parse(row.answers) as KeptAnswer[]) : [] };
}

/** A quiz page's personal data for the learner `userSub` (null: a visitor); null for an address no quiz has. */
export async function quizPagePersonalData(
  db: Kysely<Database>,
  userSub: string | null,
  url: URL,
): Promise<{ data: QuizProgressView } | null> {
  const slug = /^\/test\/([\w-]+)\/?$/.exec(url.pathname)?.[1];
  const quiz = slug ? (await quizCatalogue(db)).quiz(slug) : undefined;
  return quiz ? { data: await quizProgressView(db, userSub, quiz) } : null;
}

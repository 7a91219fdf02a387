import { sql, type Kysely } from "kysely";
import { isPostgres } from "#app/lib/db/engine.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { preparedQuery } from "#app/lib/db/prepared-query.server.ts";
import type { KnownVersions } from "#app/lib/content-versions/versioned-snapshot.server.ts";
import { quizCatalogue, type CatalogueQuiz } from "./catalogue.server.ts";
import { answeredSoFar, keptAnswers, type KeptAnswer } from "./kept-place.ts";
import { signedOutQuizProgress, type QuizProgressView } from "./types.ts";

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
  const answers = JSON.stringify(keptAnswers(quiz.questions, answered));
  const row = { user_sub: userSub, quiz_slug: quiz.slug, answers, updated_at: new Date().toISOString() };
  await db
    .insertInto("quiz_progress")
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(["user_sub", "quiz_slug"])
        .doUpdateSet({ answers: row.answers, updated_at: row.updated_at })
        // Nexts are posted without waiting for each other, so an earlier one may arrive last: a place only moves on.
        .where(sql<boolean>`${answeredCount(db, sql.ref("quiz_progress.answers"))} <= ${answeredCount(db, sql.ref("excluded.answers"))}`),
    )
    .execute();
}

const answeredCount = (db: Kysely<Database>, answers: ReturnType<typeof sql.ref>) =>
  isPostgres(db) ? sql`json_array_length(${answers}::json)` : sql`json_array_length(${answers})`;

/** Once the attempt is finished (or given up), the next one starts at question 1. */
export async function forgetQuizProgress(db: Kysely<Database>, userSub: string, quizSlug: string): Promise<void> {
  await db.deleteFrom("quiz_progress").where("user_sub", "=", userSub).where("quiz_slug", "=", quizSlug).execute();
}

/** Read for every signed-in quiz page. */
const keptAnswersQuery = preparedQuery((db, userSub: string, quizSlug: string) =>
  db.selectFrom("quiz_progress").select("answers").where("user_sub", "=", userSub).where("quiz_slug", "=", quizSlug),
);

/** One learner's progress in one quiz, as its page shows it; a visitor's is `signedOutQuizProgress`. */
export async function quizProgressView(db: Kysely<Database>, userSub: string | null, quiz: CatalogueQuiz): Promise<QuizProgressView> {
  if (userSub === null) return signedOutQuizProgress;
  const [row] = (await keptAnswersQuery(db, userSub, quiz.slug)).rows;
  return { signedIn: true, answered: row ? answeredSoFar(quiz.questions, JSON.parse(row.answers) as KeptAnswer[]) : [] };
}

/** A quiz page's personal data for the learner `userSub` (null: a visitor); null for an address no quiz has. */
export async function quizPagePersonalData(
  db: Kysely<Database>,
  userSub: string | null,
  url: URL,
  /** The versions the page filled in was kept at (versionedSnapshot). */
  knownVersions?: KnownVersions,
): Promise<{ data: QuizProgressView } | null> {
  const slug = /^\/test\/([\w-]+)\/?$/.exec(url.pathname)?.[1];
  const quiz = slug ? (await quizCatalogue(db, knownVersions)).quiz(slug) : undefined;
  return quiz ? { data: await quizProgressView(db, userSub, quiz) } : null;
}

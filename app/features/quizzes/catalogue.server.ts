import type { Kysely } from "kysely";
import type { QuizQuestion } from "#app/content/seeds/quiz-questions/types.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { versionedSnapshot } from "#app/lib/content-versions/versioned-snapshot.server.ts";
import { richTextOf, textHtmlOf } from "./question-text.server.ts";
import type { QuestionTextHtml } from "./types.ts";

/** A published quiz with its questions (answers included: server only). */
export interface CatalogueQuiz {
  slug: string;
  title: string;
  /** The hub's link, spelt as the spec spells it for the first four. */
  hubHref: string;
  /** The spec makes two hub links plain links (a full page load). */
  plainLink: boolean;
  /** Where the result's "Watch Now" link leads: the course that teaches this. */
  coursePath: string;
  questions: CatalogueQuestion[];
}

/** A question with, when it is formatted, its text as HTML, rendered once per content version. */
export type CatalogueQuestion = QuizQuestion & { textHtml?: QuestionTextHtml };

export interface QuizCatalogue {
  quizzes: CatalogueQuiz[];
  /** The quiz at /test/<slug>, in any letter case (the hub links /test/React and /test/Javascript). */
  quiz(slug: string): CatalogueQuiz | undefined;
}

async function loadQuizzes(db: Kysely<Database>): Promise<QuizCatalogue> {
  const [quizRows, questionRows] = await Promise.all([
    db.selectFrom("quizzes").selectAll().where("status", "=", "published").orderBy("position").orderBy("slug").execute(),
    db.selectFrom("quiz_questions").selectAll().orderBy("quiz_slug").orderBy("position").orderBy("id").execute(),
  ]);
  const quizzes = quizRows.map((row): CatalogueQuiz => ({
    slug: row.slug,
    title: row.title,
    hubHref: row.hub_href,
    plainLink: row.plain_link === 1,
    coursePath: row.course_path,
    questions: questionRows
      .filter((question) => question.quiz_slug === row.slug)
      .map((question) => {
        const formatted = richTextOf(question);
        return {
          ...formatted,
          ...textHtmlOf(formatted.rich),
          id: question.id,
          question: question.question,
          ...(question.code === null ? {} : { code: question.code }),
          options: JSON.parse(question.options) as string[],
          answer: question.answer,
          explanation: question.explanation,
        };
      }),
  }));
  const bySlug = new Map(quizzes.map((quiz) => [quiz.slug, quiz]));
  return { quizzes, quiz: (slug) => bySlug.get(slug.toLowerCase()) };
}

/** The published quizzes, read again only after staff change one (on any instance). */
export const quizCatalogue = versionedSnapshot("quizzes", loadQuizzes);

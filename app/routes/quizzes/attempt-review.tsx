import { data, Link } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { site } from "#app/content/site.ts";
import { servicesContext } from "#app/context.ts";
import { findAttempt } from "#app/features/quizzes/attempts.server.ts";
import { quizCatalogue } from "#app/features/quizzes/catalogue.server.ts";
import { CodeListing } from "#app/features/quizzes/components/code-listing.tsx";
import { textHtmlOf } from "#app/features/quizzes/question-text.server.ts";
import { percentage } from "#app/lib/text/percentage.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { requireUser } from "#app/features/auth/index.server.ts";
import type { Route } from "./+types/attempt-review";

/**
 * A finished attempt, question by question: the learner's choice and the right one, as the
 * questions were when it was scored (staff may have changed them since), with why the right answer
 * is right. Their own attempts only.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const quiz = (await quizCatalogue(db)).quiz(params.quiz);
  if (!quiz) throw data("No such quiz", { status: 404 });
  const signedIn = requireUser(context, url.pathname);
  const attempt = await findAttempt(db, signedIn.user.sub, quiz.slug, params.attempt);
  if (!attempt) throw data("No such attempt", { status: 404 });
  const questions = new Map(attempt.questions.map((question) => [question.id, question]));
  const now = new Map(quiz.questions.map((question) => [question.id, question]));
  // An attempt kept before its questions had explanations takes today's, if the question is unchanged.
  const explanationOf = (kept: (typeof attempt.questions)[number]) => {
    if (kept.explanation !== undefined) return kept.explanation;
    const current = now.get(kept.id);
    return current?.question === kept.question && current.answer === kept.answer ? current.explanation : "";
  };
  return {
    quiz: { slug: quiz.slug, title: quiz.title },
    score: attempt.score,
    total: attempt.total,
    finishedAt: attempt.finished_at,
    review: attempt.answers.flatMap(({ question: id, choice }) => {
      const question = questions.get(id);
      if (!question) return [];
      const { question: text, code, answer, rich } = question;
      return [
        {
          id,
          question: text,
          code,
          choice,
          answer,
          explanation: explanationOf(question),
          ...textHtmlOf(rich),
        },
      ];
    }),
  };
}

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  pageMeta(loaderData ? `Review: ${loaderData.quiz.title} Quiz` : errorTitle(error));

export default function AttemptReview({ loaderData }: Route.ComponentProps) {
  const { quiz, score, total, finishedAt, review } = loaderData;
  const finished = new Date(finishedAt).toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: site.timeZone });
  return (
    <>
      <PageHeader title={`Review: ${quiz.title} Quiz`} />
      <div className="section mx-auto max-w-3xl">
        <p className="text-lg">
          Finished {finished}: <strong>{score}</strong> out of <strong>{total}</strong> ({percentage(score, total)}%).
        </p>
        <ol aria-label="Your answers" className="mt-8 grid gap-6">
          {review.map((item, index) => {
            const right = item.choice === item.answer;
            return (
              <li key={item.id} className={`rounded-lg border-2 p-5 ${right ? "border-emerald-300" : "border-red-300"}`}>
                {item.textHtml ? (
                  <>
                    <h2 className="question-text text-lg font-bold">
                      {index + 1}. <span dangerouslySetInnerHTML={{ __html: item.textHtml.heading }} />
                    </h2>
                    {item.textHtml.body && <div className="question-text mt-3" dangerouslySetInnerHTML={{ __html: item.textHtml.body }} />}
                  </>
                ) : (
                  <>
                    <h2 className="text-lg font-bold whitespace-pre-line">
                      {index + 1}. {item.question}
                    </h2>
                    <CodeListing code={item.code} />
                  </>
                )}
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                  <dt className="font-semibold">Your choice</dt>
                  <dd>{item.choice ?? "No answer"}</dd>
                  <dt className="font-semibold">Right answer</dt>
                  <dd>{item.answer}</dd>
                  {item.explanation && (
                    <>
                      <dt className="font-semibold">Why</dt>
                      <dd>{item.explanation}</dd>
                    </>
                  )}
                </dl>
                <p className={`mt-2 font-semibold ${right ? "text-emerald-800" : "text-red-800"}`}>{right ? "Correct" : "Not correct"}</p>
              </li>
            );
          })}
        </ol>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link to={`/test/${quiz.slug}`} className="btn-primary">
            Try the quiz again
          </Link>
          <Link to="/profile" className="btn-light border border-gray-300">
            Your progress
          </Link>
        </div>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

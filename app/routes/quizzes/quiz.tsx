import { data, useLocation } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { questionsByQuiz } from "../../content/quiz-questions/index.server.ts";
import { quizzes } from "../../content/quizzes.ts";
import { servicesContext, userContext } from "../../context.ts";
import { readAnswerSheet } from "../../features/quizzes/answer-sheet.server.ts";
import { saveAttempt } from "../../features/quizzes/attempts.server.ts";
import { QuizQuestions } from "../../features/quizzes/components/quiz-questions.tsx";
import { QuizResult } from "../../features/quizzes/components/quiz-result.tsx";
import type { PublicQuestion, QuizActionResult } from "../../features/quizzes/types.ts";
import { errorTitle, pageMeta } from "../../lib/meta.ts";
import { consumeRateLimit } from "../../lib/rate-limit.server.ts";
import type { Route } from "./+types/quiz";

/** Stored attempts per learner and hour: far above honest use, a stop for scripts filling the database. */
const ATTEMPTS_PER_HOUR = 60;

/** /test/java, /test/fullstack, /test/javascript, /test/react, in any letter case. */
function findQuiz(slug: string) {
  const quiz = quizzes.find((q) => q.slug === slug.toLowerCase());
  if (!quiz) throw data("No such quiz", { status: 404 });
  return { quiz, questions: questionsByQuiz[quiz.slug]! };
}

export function loader({ params }: Route.LoaderArgs) {
  const { quiz, questions } = findQuiz(params.quiz);
  // Only what the page shows: the answers stay on the server.
  const publicQuestions: PublicQuestion[] = questions.map(({ id, question, code, options }) => ({ id, question, code, options }));
  return { slug: quiz.slug, questions: publicQuestions };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { quiz, questions } = findQuiz(params.quiz);
  const reading = readAnswerSheet(quiz.title, questions, await request.formData());
  if (reading.kind === "refused") return data<QuizActionResult>({ phase: "refused", message: reading.message }, { status: 400 });
  if (reading.kind === "next") return { phase: "question", answered: reading.answered } satisfies QuizActionResult;

  const signedIn = context.get(userContext);
  const { db } = context.get(servicesContext);
  if (signedIn) {
    const rate = await consumeRateLimit(db, { key: `quiz-attempts:${signedIn.user.sub}`, limit: ATTEMPTS_PER_HOUR, windowSeconds: 60 * 60 });
    if (!rate.allowed) {
      return data<QuizActionResult>(
        {
          phase: "refused",
          message: `You have finished ${ATTEMPTS_PER_HOUR} quizzes in the last hour, which is as many as we keep. Nothing was recorded; please try again later.`,
        },
        { status: 429, headers: { "Retry-After": String(rate.retryAfterSeconds) } },
      );
    }
  }
  const attemptId = signedIn
    ? await saveAttempt(db, {
        userSub: signedIn.user.sub,
        quizSlug: quiz.slug,
        questions,
        choices: reading.choices,
        score: reading.score,
      })
    : null;
  return { phase: "result", score: reading.score, total: questions.length, attemptId } satisfies QuizActionResult;
}

export const meta = ({ loaderData, error }: Route.MetaArgs) => {
  const quiz = quizzes.find((q) => q.slug === loaderData?.slug);
  return pageMeta(quiz ? `${quiz.title} Quiz` : errorTitle(error));
};

export default function Quiz({ loaderData, actionData }: Route.ComponentProps) {
  const quiz = quizzes.find((q) => q.slug === loaderData.slug)!;
  const { pathname } = useLocation();
  const result = actionData as QuizActionResult | undefined;
  return (
    <>
      <PageHeader title={`${quiz.title} Quiz`} />
      <div className="section">
        {result?.phase === "result" ? (
          <QuizResult
            score={result.score}
            total={result.total}
            pathname={pathname}
            coursePath={quiz.coursePath}
            reviewHref={result.attemptId && `/test/${quiz.slug}/attempts/${result.attemptId}`}
            signInHref={`/signin?return_to=${encodeURIComponent(pathname)}`}
          />
        ) : result?.phase === "refused" ? (
          <div role="alert" className="mx-auto max-w-2xl rounded-lg border border-red-300 bg-red-50 p-6 text-red-950">
            <p>{result.message}</p>
            <a href={pathname} className="btn-primary mt-4">
              Start again
            </a>
          </div>
        ) : (
          <QuizQuestions
            // A new sheet from the server (no-JS step) starts a new component state.
            key={result?.answered.length ?? 0}
            questions={loaderData.questions}
            answered={result?.answered ?? []}
          />
        )}
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";

export { keepRetryAfter as headers } from "../../lib/retry-after.ts";

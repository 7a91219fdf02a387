import { data, useLocation } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { servicesContext } from "#app/context.ts";
import { getUser } from "#app/features/auth/index.server.ts";
import { quizCatalogue } from "#app/features/quizzes/catalogue.server.ts";
import { QuizQuestions } from "#app/features/quizzes/components/quiz-questions.tsx";
import { QuizResult } from "#app/features/quizzes/components/quiz-result.tsx";
import { submitAnswerSheet } from "#app/features/quizzes/submit-sheet.server.ts";
import type { PublicQuestion } from "#app/features/quizzes/types.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/quiz";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";

/** /test/java, /test/fullstack, /test/javascript, /test/react (in any letter case) and every quiz staff publish. */
async function requireQuiz(context: Route.LoaderArgs["context"], slug: string) {
  const quiz = (await quizCatalogue(context.get(servicesContext).db)).quiz(slug);
  if (!quiz) throw data("No such quiz", { status: 404 });
  return { quiz, questions: quiz.questions };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { quiz, questions } = await requireQuiz(context, params.quiz);
  // Only what the page shows: the answers stay on the server.
  const publicQuestions: PublicQuestion[] = questions.map(({ id, question, code, options }) => ({ id, question, code, options }));
  return { quiz: { slug: quiz.slug, title: quiz.title, coursePath: quiz.coursePath }, questions: publicQuestions };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { quiz } = await requireQuiz(context, params.quiz);
  return submitAnswerSheet(request, quiz, getUser(context), context.get(servicesContext));
}

export const meta = ({ loaderData, error }: Route.MetaArgs) => pageMeta(loaderData ? `${loaderData.quiz.title} Quiz` : errorTitle(error));

export const handle = sameForEveryVisitor(["quizzes"], "same");

export default function Quiz({ loaderData, actionData: result }: Route.ComponentProps) {
  const { quiz } = loaderData;
  const { pathname } = useLocation();
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
            saved={result.saved}
            reviewHref={typeof result.saved === "object" ? `/test/${quiz.slug}/attempts/${result.saved.attemptId}` : null}
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

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

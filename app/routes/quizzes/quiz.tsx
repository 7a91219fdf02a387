import { useEffect } from "react";
import { data, useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { servicesContext } from "#app/context.ts";
import { getUser } from "#app/features/auth/index.server.ts";
import { quizCatalogue } from "#app/features/quizzes/catalogue.server.ts";
import { QuizSheet } from "#app/features/quizzes/components/quiz-questions.tsx";
import { QuizResult } from "#app/features/quizzes/components/quiz-result.tsx";
import { quizProgressView } from "#app/features/quizzes/progress.server.ts";
import { submitAnswerSheet } from "#app/features/quizzes/submit-sheet.server.ts";
import { KEEP_PLACE_FIELD, quizProgressData, shownResult, type PublicQuestion } from "#app/features/quizzes/types.ts";
import { PersonalSlot } from "#app/lib/personal/personal-slot.tsx";
import { personalOf } from "#app/lib/personal/personal-data.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/quiz";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";

/** /test/java, /test/fullstack, /test/javascript, /test/react (in any letter case) and every quiz staff publish. */
async function requireQuiz(context: Route.LoaderArgs["context"], slug: string) {
  const quiz = (await quizCatalogue(context.get(servicesContext).db)).quiz(slug);
  if (!quiz) throw data("No such quiz", { status: 404 });
  return quiz;
}

/** The quiz, the same for everyone, and the learner's place in it (`progress`: a personal part). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const quiz = await requireQuiz(context, params.quiz);
  // Only what the page shows: the answers stay on the server.
  const questions: PublicQuestion[] = quiz.questions.map(({ id, question, code, options, textHtml }) => ({
    id,
    question,
    code,
    options,
    ...(textHtml ? { textHtml } : {}),
  }));
  const progress = await quizProgressView(context.get(servicesContext).db, getUser(context)?.sub ?? null, quiz);
  return { quiz: { slug: quiz.slug, title: quiz.title, coursePath: quiz.coursePath }, questions, progress };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const quiz = await requireQuiz(context, params.quiz);
  return submitAnswerSheet(request, quiz, getUser(context), context.get(servicesContext));
}

/** A step posted only to keep the learner's place changes nothing on the page: no loader runs again. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.has(KEEP_PLACE_FIELD) ? false : defaultShouldRevalidate;
}

export const meta = ({ loaderData, error }: Route.MetaArgs) => pageMeta(loaderData ? `${loaderData.quiz.title} Quiz` : errorTitle(error));

export const handle = sameForEveryVisitor(["quizzes"], quizProgressData);

export default function Quiz({ loaderData, actionData }: Route.ComponentProps) {
  const { quiz } = loaderData;
  const progress = personalOf(quizProgressData, loaderData, loaderData.progress);
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  // A result stays in this page's history entry: Back from its review shows it again, not question 1.
  const result = actionData ?? shownResult(state);
  useEffect(() => {
    if (actionData?.phase === "result")
      void navigate(pathname, { replace: true, state: { quizResult: actionData }, preventScrollReset: true });
  }, [actionData, navigate, pathname]);
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
          <PersonalSlot
            id="quiz-sheet"
            data={quizProgressData}
            part={QuizSheet}
            props={{
              quizSlug: quiz.slug,
              questions: loaderData.questions,
              stepAnswered: result?.phase === "question" ? result.answered : null,
            }}
            person={progress}
          />
        )}
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

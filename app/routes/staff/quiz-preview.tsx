import { data, Link, useLocation } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { servicesContext } from "#app/context.ts";
import { readAnswerSheet } from "#app/features/quizzes/answer-sheet.server.ts";
import { QuizQuestions } from "#app/features/quizzes/components/quiz-questions.tsx";
import { staffQuiz } from "#app/features/quizzes/editing/quiz-editor.server.ts";
import type { PublicQuestion } from "#app/features/quizzes/types.ts";
import { textHtmlOf } from "#app/features/quizzes/question-text.server.ts";
import { requireTeamAccess } from "#app/features/teams/access.server.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import type { Route } from "./+types/quiz-preview";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  pageMeta(loaderData ? `Preview: ${loaderData.quiz.title} quiz` : errorTitle(error));

async function quizFor(context: Route.LoaderArgs["context"], url: URL, slug: string) {
  await requireTeamAccess(context, "quiz", slug, url.pathname);
  const found = await staffQuiz(context.get(servicesContext).db, slug);
  if (!found) throw data("No such quiz", { status: 404 });
  return found;
}

/** The quiz as a student sees it, drafts included; answers are scored but never saved. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { quiz, questions } = await quizFor(context, url, params.slug);
  const publicQuestions: PublicQuestion[] = questions.map(({ id, question, code, options, rich }) => ({
    id,
    question,
    code,
    options,
    ...textHtmlOf(rich),
  }));
  return { quiz: { slug: quiz.slug, title: quiz.title }, questions: publicQuestions };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const { quiz, questions } = await quizFor(context, url, params.slug);
  const reading = readAnswerSheet(quiz.title, questions, await request.formData());
  if (reading.kind === "refused") return data({ phase: "refused" as const, message: reading.message }, { status: 400 });
  if (reading.kind === "next") return { phase: "question" as const, answered: reading.answered };
  return { phase: "result" as const, score: reading.score, total: questions.length };
}

export default function QuizPreview({ loaderData, actionData }: Route.ComponentProps) {
  const { quiz, questions } = loaderData;
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title={`Preview: ${quiz.title} quiz`} trail={staffTrail.quiz(quiz)} />
      <div className="section">
        <p className="mx-auto mb-8 max-w-2xl rounded-md bg-amber-50 p-4 text-amber-950">
          A preview of the quiz as students see it. Answers are scored, never saved.{" "}
          <Link to={`/staff/quizzes/${quiz.slug}`} className="underline">
            Back to the quiz editor
          </Link>
        </p>
        {questions.length === 0 ? (
          <p className="text-center text-muted">The quiz has no questions yet.</p>
        ) : actionData?.phase === "result" ? (
          <div role="status" className="mx-auto max-w-2xl text-center">
            <p className="text-2xl font-bold">
              Score: {actionData.score} out of {actionData.total}
            </p>
            <a href={pathname} className="btn-primary mt-6">
              Start the preview again
            </a>
          </div>
        ) : actionData?.phase === "refused" ? (
          <p role="alert" className="mx-auto max-w-2xl rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
            {actionData.message}
          </p>
        ) : (
          <QuizQuestions
            key={actionData?.answered.length ?? 0}
            quizSlug={quiz.slug}
            questions={questions}
            answered={actionData?.answered ?? []}
            placeKept="nowhere"
          />
        )}
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

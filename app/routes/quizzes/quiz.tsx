import { data } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { quizzes } from "../../content/quizzes.ts";
import { errorTitle, pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/quiz";

/** /test/java, /test/fullstack, /test/javascript, /test/react, in any letter case. */
export function loader({ params }: Route.LoaderArgs) {
  const quiz = quizzes.find((q) => q.slug === params.quiz.toLowerCase());
  if (!quiz) throw data("No such quiz", { status: 404 });
  return { slug: quiz.slug };
}

export const meta = ({ loaderData, error }: Route.MetaArgs) => {
  const quiz = quizzes.find((q) => q.slug === loaderData?.slug);
  return pageMeta(quiz ? `${quiz.title} Quiz` : errorTitle(error));
};

// The questions and their scoring arrive with the learning feature.
export default function Quiz({ loaderData }: Route.ComponentProps) {
  const quiz = quizzes.find((q) => q.slug === loaderData.slug)!;
  return <PageHeader title={`${quiz.title} Quiz`} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";

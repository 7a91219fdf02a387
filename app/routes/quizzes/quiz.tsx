import { data } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { quizzes } from "../../content/quizzes.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/quiz";

/** /test/java, /test/fullstack, /test/javascript, /test/react, in any letter case. */
export function loader({ params }: Route.LoaderArgs) {
  const quiz = quizzes.find((q) => q.slug === params.quiz.toLowerCase());
  if (!quiz) throw data("No such quiz", { status: 404 });
  return { slug: quiz.slug };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta(`${quizzes.find((q) => q.slug === loaderData?.slug)?.title ?? ""} Quiz`);

// The questions and their scoring arrive with the learning feature.
export default function Quiz({ loaderData }: Route.ComponentProps) {
  const quiz = quizzes.find((q) => q.slug === loaderData.slug)!;
  return <PageHeader title={`${quiz.title} Quiz`} />;
}

import { Link } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { servicesContext } from "#app/context.ts";
import { quizCatalogue } from "#app/features/quizzes/catalogue.server.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";
import type { Route } from "./+types/hub";

export async function loader({ context }: Route.LoaderArgs) {
  const { quizzes } = await quizCatalogue(context.get(servicesContext).db);
  return {
    quizzes: quizzes.map(({ slug, title, hubHref, plainLink, questions }) => ({
      slug,
      title,
      hubHref,
      plainLink,
      questionCount: questions.length,
    })),
  };
}

export const meta = () => pageMeta("Test Your knowledge");

export const handle = sameForEveryVisitor(["quizzes"], "same");

export default function QuizHub({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Test Your knowledge" />
      <section className="section" aria-label="Quizzes">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {loaderData.quizzes.map((quiz) => {
            const className = "block rounded-lg border border-gray-200 p-6 text-center shadow-sm hover:border-brand-700";
            const body = (
              <>
                <span className="block text-xl font-bold">{quiz.title}</span>
                <span className="mt-2 block text-muted">{quiz.questionCount} questions</span>
              </>
            );
            return (
              <li key={quiz.slug}>
                {quiz.plainLink ? (
                  <a href={quiz.hubHref} className={className}>
                    {body}
                  </a>
                ) : (
                  <Link to={quiz.hubHref} className={className}>
                    {body}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}

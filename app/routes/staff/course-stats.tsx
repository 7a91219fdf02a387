import { data, Link } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { servicesContext } from "#app/context.ts";
import { courseStats } from "#app/features/courses/course-stats.server.ts";
import { staffCourse } from "#app/features/courses/editing/course-editor.server.ts";
import { requireTeamAccess } from "#app/features/teams/access.server.ts";
import { BarChart } from "#app/features/staff/components/bar-chart.tsx";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import type { Route } from "./+types/course-stats";

export const meta = ({ loaderData, error }: Route.MetaArgs) => pageMeta(loaderData ? `Numbers: ${loaderData.title}` : errorTitle(error));

export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireTeamAccess(context, "course", params.slug, url.pathname);
  const { db } = context.get(servicesContext);
  const found = await staffCourse(db, params.slug);
  if (!found) throw data("No such course", { status: 404 });
  return { slug: found.course.slug, title: found.course.title, stats: await courseStats(db, params.slug) };
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

export default function CourseStats({ loaderData }: Route.ComponentProps) {
  const { slug, title, stats } = loaderData;
  const csv = (table: string) => `/staff/courses/${slug}/stats.csv?table=${table}`;
  return (
    <>
      <PageHeader title={`Numbers: ${title}`} trail={staffTrail.course({ slug, title })} />
      <div className="section mx-auto max-w-4xl space-y-12">
        <p>
          <Link to={`/staff/courses/${slug}`} className="text-brand-800 underline">
            Back to the course
          </Link>
        </p>
        <dl className="grid gap-4 sm:grid-cols-3">
          {[
            ["Learners who started", String(stats.learnersStarted)],
            ["Learners who finished every lesson", String(stats.learnersFinished)],
            [
              "Average quiz score",
              stats.averageScore === null ? "no attempts yet" : `${stats.averageScore.toFixed(1)}% of ${stats.attempts} attempts`,
            ],
          ].map(([term, value]) => (
            <div key={term} className="rounded-lg border border-gray-200 p-4">
              <dt className="text-sm text-muted">{term}</dt>
              <dd className="mt-1 text-2xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>

        <section aria-labelledby="lessons-heading">
          <h2 id="lessons-heading" className="section-title">
            Lessons finished
          </h2>
          {stats.lessons.length ? (
            <>
              <BarChart
                id="lessons-chart"
                title="Learners who finished each lesson"
                bars={stats.lessons.map((lesson) => ({ label: `${lesson.number}. ${lesson.title}`, value: lesson.finished }))}
                max={Math.max(1, stats.learnersStarted)}
              />
              <a href={csv("lessons")} download className="mt-4 inline-block text-brand-800 underline">
                Download as CSV
              </a>
            </>
          ) : (
            <p className="text-muted">The course has no published lessons yet.</p>
          )}
        </section>

        <section aria-labelledby="hardest-heading">
          <h2 id="hardest-heading" className="section-title">
            Hardest questions
          </h2>
          {stats.quizzes.length === 0 ? (
            <p className="text-muted">No quiz leads to this course (a quiz's Watch Now course is set in the quiz editor).</p>
          ) : stats.hardest.length === 0 ? (
            <p className="text-muted">No one has finished {stats.quizzes.join(" or ")} while signed in yet.</p>
          ) : (
            <>
              <BarChart
                id="hardest-chart"
                title="Share of wrong answers, hardest first"
                bars={stats.hardest.map((entry) => ({ label: entry.question, value: entry.wrongShare }))}
                max={1}
                format={percent}
              />
              <table className="mt-6 w-full text-left text-sm">
                <caption className="sr-only">Hardest questions</caption>
                <thead className="border-b-2 border-gray-300">
                  <tr>
                    <th scope="col" className="py-2 pr-4">
                      Question
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Quiz
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Answers
                    </th>
                    <th scope="col" className="py-2">
                      Wrong
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {stats.hardest.map((entry) => (
                    <tr key={`${entry.quiz}-${entry.question}`} className="border-b border-gray-200">
                      <td className="py-2 pr-4">{entry.question}</td>
                      <td className="py-2 pr-4">{entry.quiz}</td>
                      <td className="py-2 pr-4">{entry.answered}</td>
                      <td className="py-2">{percent(entry.wrongShare)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <a href={csv("questions")} download className="mt-4 inline-block text-brand-800 underline">
                Download as CSV
              </a>
            </>
          )}
        </section>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

import { data, Link } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { TableHead } from "#app/components/table-head.tsx";
import { servicesContext } from "#app/context.ts";
import { courseStats } from "#app/features/courses/course-stats.server.ts";
import { staffCourse } from "#app/features/courses/editing/course-editor.server.ts";
import { readResultSort, sortResults, studentResults } from "#app/features/courses/student-results.server.ts";
import { visibleToStaff, requireTeamAccess } from "#app/features/teams/access.server.ts";
import { BarChart } from "#app/features/staff/components/bar-chart.tsx";
import { SortHeader } from "#app/components/sort-header.tsx";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { wholePercent } from "#app/lib/text/percentage.ts";
import { formatCollegeTime } from "#app/lib/text/college-time.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import type { Route } from "./+types/course-stats";

export const meta = ({ loaderData, error }: Route.MetaArgs) => pageMeta(loaderData ? `Numbers: ${loaderData.title}` : errorTitle(error));

export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireTeamAccess(context, "course", params.slug, url.pathname);
  const { db } = context.get(servicesContext);
  const found = await staffCourse(db, params.slug);
  if (!found) throw data("No such course", { status: 404 });
  const stats = await courseStats(db, params.slug);
  const sorted = readResultSort(url);
  const students = sortResults(
    await studentResults(
      db,
      params.slug,
      stats.quizzes.map((quiz) => quiz.slug),
    ),
    sorted.sort,
    sorted.order,
  ).map((row) => ({ ...row, lastActivityText: formatCollegeTime(row.lastActivity) }));
  const quizzes = await visibleToStaff(context, "quiz");
  return {
    slug: found.course.slug,
    title: found.course.title,
    stats,
    students,
    sorted,
    // Question-by-question results live with each quiz, for those on its team.
    quizResults: stats.quizzes.filter((quiz) => quizzes.visible(quiz.slug)),
  };
}

export default function CourseStats({ loaderData }: Route.ComponentProps) {
  const { slug, title, stats, students, sorted, quizResults } = loaderData;
  const csv = (table: string) => `/staff/courses/${slug}/stats.csv?table=${table}`;
  const quizNames = stats.quizzes.map((quiz) => quiz.title).join(" or ");
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

        <section aria-labelledby="students-heading" id="students" className="scroll-mt-24">
          <h2 id="students-heading" className="section-title">
            Students
          </h2>
          {students.length === 0 ? (
            <p className="text-muted">No signed-in learner has started a lesson{quizNames && ` or taken ${quizNames}`} yet.</p>
          ) : (
            <>
              <p className="mb-4 text-muted">
                Every learner who started a lesson{quizNames && ` or took ${quizNames}`}. Choose a column heading to sort by it.
              </p>
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Students and their results</caption>
                  <thead className="border-b-2 border-gray-300">
                    <tr>
                      <SortHeader column="name" label="Student" sorted={sorted} anchor="students" />
                      <SortHeader
                        column="lessons"
                        label={`Lessons finished (of ${stats.lessons.length})`}
                        sorted={sorted}
                        anchor="students"
                        firstOrder="descending"
                      />
                      <SortHeader column="attempts" label="Quiz attempts" sorted={sorted} anchor="students" firstOrder="descending" />
                      <SortHeader column="best" label="Best score" sorted={sorted} anchor="students" firstOrder="descending" />
                      <SortHeader column="last" label="Last active" sorted={sorted} anchor="students" firstOrder="descending" />
                    </tr>
                  </thead>
                  <tbody>
                    {students.map((student, index) => (
                      <tr key={`${student.email}-${index}`} className="border-b border-gray-200">
                        <td className="py-2 pr-4">
                          {student.name}
                          {student.email && <span className="block text-muted">{student.email}</span>}
                        </td>
                        <td className="py-2 pr-4">{student.lessonsFinished}</td>
                        <td className="py-2 pr-4">{student.quizAttempts}</td>
                        <td className="py-2 pr-4">{student.bestPercent === null ? "not taken" : `${student.bestPercent}%`}</td>
                        <td className="py-2 pr-4">
                          <time dateTime={student.lastActivity}>{student.lastActivityText}</time>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <a
                href={`${csv("students")}&sort=${sorted.sort}&order=${sorted.order}`}
                download
                className="mt-4 inline-block text-brand-800 underline"
              >
                Download the students' results as CSV
              </a>
            </>
          )}
        </section>

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
              <table className="mt-6 w-full text-left text-sm">
                <caption className="sr-only">Learners per lesson</caption>
                <TableHead columns={["Lesson", "Started", "Finished"]} />
                <tbody>
                  {stats.lessons.map((lesson) => (
                    <tr key={lesson.number} className="border-b border-gray-200">
                      <td className="py-2 pr-4">
                        {lesson.number}. {lesson.title}
                      </td>
                      <td className="py-2 pr-4">{lesson.started}</td>
                      <td className="py-2">{lesson.finished}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
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
            <p className="text-muted">No one has finished {quizNames} while signed in yet.</p>
          ) : (
            <>
              <BarChart
                id="hardest-chart"
                title="Share of wrong answers, hardest first"
                bars={stats.hardest.map((entry) => ({ label: entry.question, value: entry.wrongShare }))}
                max={1}
                format={wholePercent}
              />
              <table className="mt-6 w-full text-left text-sm">
                <caption className="sr-only">Hardest questions</caption>
                <TableHead columns={["Question", "Quiz", "Answers", "Wrong"]} />
                <tbody>
                  {stats.hardest.map((entry) => (
                    <tr key={`${entry.quiz}-${entry.question}`} className="border-b border-gray-200">
                      <td className="py-2 pr-4">{entry.question}</td>
                      <td className="py-2 pr-4">{entry.quiz}</td>
                      <td className="py-2 pr-4">{entry.answered}</td>
                      <td className="py-2">{wholePercent(entry.wrongShare)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <a href={csv("questions")} download className="mt-4 inline-block text-brand-800 underline">
                Download as CSV
              </a>
            </>
          )}
          {quizResults.length > 0 && (
            <ul className="mt-4 space-y-1">
              {quizResults.map((quiz) => (
                <li key={quiz.slug}>
                  <Link to={`/staff/quizzes/${quiz.slug}/results`} className="text-brand-800 underline">
                    Every question of {quiz.title}: how many got it right and what they chose
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

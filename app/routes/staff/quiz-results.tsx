import { data, Link } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { TableHead } from "#app/components/table-head.tsx";
import { servicesContext } from "#app/context.ts";
import { staffQuiz } from "#app/features/quizzes/editing/quiz-editor.server.ts";
import { questionAnalysis, type QuestionAnalysis } from "#app/features/quizzes/question-analysis.server.ts";
import { requireTeamAccess } from "#app/features/teams/access.server.ts";
import { BarChart } from "#app/features/staff/components/bar-chart.tsx";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { wholePercent } from "#app/lib/text/percentage.ts";
import type { Route } from "./+types/quiz-results";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  pageMeta(loaderData ? `Results: ${loaderData.quiz.title} quiz` : errorTitle(error));

/** A quiz's results question by question: facility and how often each option was chosen. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireTeamAccess(context, "quiz", params.slug, url.pathname);
  const { db } = context.get(servicesContext);
  const found = await staffQuiz(db, params.slug);
  if (!found) throw data("No such quiz", { status: 404 });
  const [questions, attempts] = await Promise.all([
    questionAnalysis(db, params.slug),
    db
      .selectFrom("quiz_attempts")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("quiz_slug", "=", params.slug)
      // As the analysis counts them: attempts kept with the questions they were scored on.
      .where("questions", "is not", null)
      .executeTakeFirstOrThrow(),
  ]);
  return { quiz: { slug: found.quiz.slug, title: found.quiz.title }, attempts: Number(attempts.count), questions };
}

export default function QuizResults({ loaderData }: Route.ComponentProps) {
  const { quiz, attempts, questions } = loaderData;
  const current = questions.filter((question) => question.number !== null);
  const earlier = questions.filter((question) => question.number === null);
  return (
    <>
      <PageHeader title={`Results: ${quiz.title} quiz`} trail={staffTrail.quiz(quiz)} />
      <div className="section mx-auto max-w-4xl space-y-12">
        <p>
          <Link to={`/staff/quizzes/${quiz.slug}`} className="text-brand-800 underline">
            Back to the quiz
          </Link>
        </p>
        {attempts === 0 ? (
          <p className="text-muted">No one has finished this quiz while signed in yet.</p>
        ) : (
          <>
            <section aria-labelledby="facility-heading" className="space-y-4">
              <h2 id="facility-heading" className="section-title">
                Facility
              </h2>
              <p>
                {attempts} finished {attempts === 1 ? "attempt" : "attempts"} by signed-in learners. A question's facility is the share of
                attempts that answered it right: a low one may be unclear or not yet taught, and a wrong option chosen as often as the right
                one points to a common misunderstanding.
              </p>
              <BarChart
                id="facility-chart"
                title="Share of right answers per question"
                bars={current.flatMap((question) =>
                  question.facility === null ? [] : [{ label: `${question.number}. ${question.question}`, value: question.facility }],
                )}
                max={1}
                format={wholePercent}
              />
              <a href={`/staff/quizzes/${quiz.slug}/results.csv`} download className="inline-block text-brand-800 underline">
                Download every question and option as CSV
              </a>
            </section>
            <QuestionList heading="Question by question" id="questions" questions={current} />
            {earlier.length > 0 && <QuestionList heading="Questions since changed or removed" id="earlier" questions={earlier} />}
          </>
        )}
      </div>
    </>
  );
}

function QuestionList({ heading, id, questions }: { heading: string; id: string; questions: QuestionAnalysis[] }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-8">
      <h2 id={`${id}-heading`} className="section-title">
        {heading}
      </h2>
      {questions.map((question, index) => (
        <article key={`${question.number}-${index}`} aria-labelledby={`${id}-${index}`} className="space-y-2">
          <h3 id={`${id}-${index}`} className="font-bold">
            {question.number === null ? "" : `${question.number}. `}
            {question.question}
          </h3>
          <p className="text-muted">
            {question.facility === null
              ? "Not asked in any finished attempt yet."
              : `Asked in ${question.asked} ${question.asked === 1 ? "attempt" : "attempts"}: ${question.right} right (facility ${wholePercent(question.facility)})${question.blank > 0 ? `, ${question.blank} left blank` : ""}.`}
          </p>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Options of question {question.number ?? question.question} and how often each was chosen</caption>
            <TableHead columns={["Option", "Chosen", "Share"]} />
            <tbody>
              {question.options.map((option) => (
                <tr key={option.option} className="border-b border-gray-200">
                  <td className="py-2 pr-4">
                    {option.option}
                    {option.right && <strong className="ml-2 text-green-800">(right answer)</strong>}
                  </td>
                  <td className="py-2 pr-4">{option.chosen}</td>
                  <td className="py-2">{question.asked ? wholePercent(option.chosen / question.asked) : "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ))}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

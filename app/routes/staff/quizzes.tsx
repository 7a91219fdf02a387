import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { PageHeader } from "#app/components/page-header.tsx";
import { SelectField } from "#app/components/select-field.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import { servicesContext } from "#app/context.ts";
import { staffQuizList } from "#app/features/quizzes/editing/quiz-editor.server.ts";
import { submitNewQuiz } from "#app/features/quizzes/editing/quiz-forms.server.ts";
import { watchNowChoices } from "#app/features/quizzes/editing/watch-now.server.ts";
import type { newQuizSchema } from "#app/features/quizzes/editing/schemas.ts";
import { QUIZ_SLUG_MAX_LENGTH, QUIZ_TITLE_MAX_LENGTH } from "#app/features/quizzes/limits.ts";
import { requireCreator, visibleToStaff } from "#app/features/teams/access.server.ts";
import { FormProblem } from "#app/features/staff/components/form-problem.tsx";
import { ArchivedList } from "#app/features/staff/components/archived-list.tsx";
import { StatusBadge } from "#app/features/staff/components/status-badge.tsx";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import type { Route } from "./+types/quizzes";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "Quizzes (staff)");

/** The quizzes this teacher is on the team of (every quiz, for an administrator), and a form for a new one. */
export async function loader({ context }: Route.LoaderArgs) {
  const { visible, everything } = await visibleToStaff(context, "quiz");
  const { db } = context.get(servicesContext);
  const [quizzes, watchNow] = await Promise.all([staffQuizList(db), watchNowChoices(db)]);
  return { quizzes: quizzes.filter((quiz) => visible(quiz.slug)), everything, watchNow };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, owner } = requireCreator(context, "quiz", "/staff/quizzes");
  return submitNewQuiz(await request.formData(), context.get(servicesContext), actor, owner);
}

export default function StaffQuizzes({ loaderData, actionData: reply }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<typeof newQuizSchema>>({ id: "new-quiz", lastResult: reply?.result });
  const busy = useNavigation().state === "submitting";
  const quizzes = loaderData.quizzes.filter((quiz) => quiz.status !== "archived");
  const archived = loaderData.quizzes.filter((quiz) => quiz.status === "archived");
  return (
    <>
      <PageHeader title="Quizzes (staff)" trail={staffTrail.area} />
      <div className="section mx-auto max-w-4xl space-y-12">
        <section aria-labelledby="quizzes-heading">
          <h2 id="quizzes-heading" className="section-title">
            {loaderData.everything ? `${quizzes.length} quizzes` : `Your quizzes: ${quizzes.length}`}
          </h2>
          {!loaderData.everything && (
            <p className="mb-4 text-muted">The quizzes whose team you are on. To work on another, ask one of its owners to add you.</p>
          )}
          <ul className="grid gap-3">
            {quizzes.map((quiz) => (
              <li key={quiz.slug} className="flex flex-wrap items-center gap-4 rounded-lg border border-gray-200 p-4">
                <Link to={`/staff/quizzes/${quiz.slug}`} className="flex-1 font-semibold text-brand-800 underline-offset-4 hover:underline">
                  {quiz.title}
                </Link>
                <StatusBadge status={quiz.status} />
                <span className="text-sm text-muted">{quiz.questions} questions</span>
              </li>
            ))}
          </ul>
          <ArchivedList
            heading="Archived quizzes"
            items={archived.map((quiz) => ({ href: `/staff/quizzes/${quiz.slug}`, title: quiz.title, updatedAt: quiz.updated_at }))}
          />
        </section>
        <section aria-labelledby="new-quiz-heading">
          <h2 id="new-quiz-heading" className="section-title">
            New quiz
          </h2>
          <Form method="post" {...getFormProps(form)} className="space-y-5">
            <FormProblem message={reply?.message} />
            <TextField
              key={fields.title.key}
              {...conformFieldProps(fields.title)}
              label="Title"
              required
              maxLength={QUIZ_TITLE_MAX_LENGTH}
              hint="As the hub shows it, e.g. Python."
            />
            <TextField
              key={fields.slug.key}
              {...conformFieldProps(fields.slug)}
              label="Address"
              required
              maxLength={QUIZ_SLUG_MAX_LENGTH}
              hint="The quiz will be at /test/ followed by this, e.g. python."
            />
            <SelectField
              key={fields.coursePath.key}
              id={fields.coursePath.id}
              name={fields.coursePath.name}
              label="Course for Watch Now"
              defaultValue={fields.coursePath.initialValue}
              error={fields.coursePath.errors?.[0]}
              placeholder="Choose a course or a listing"
              options={loaderData.watchNow}
              hint="The page the result's Watch Now button opens."
            />
            <SubmitButton busy={busy}>Create the quiz</SubmitButton>
          </Form>
        </section>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { PageHeader } from "#app/components/page-header.tsx";
import { SelectField } from "#app/components/select-field.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import { servicesContext } from "#app/context.ts";
import { QuestionForm, type QuestionValues } from "#app/features/quizzes/components/question-form.tsx";
import { staffQuiz } from "#app/features/quizzes/editing/quiz-editor.server.ts";
import { submitQuizEdit } from "#app/features/quizzes/editing/quiz-forms.server.ts";
import { watchNowChoices } from "#app/features/quizzes/editing/watch-now.server.ts";
import { quizSavedMessage } from "#app/features/quizzes/editing/saved-messages.ts";
import type { quizSettingsSchema } from "#app/features/quizzes/editing/schemas.ts";
import { MAX_OPTIONS, QUIZ_CSV_COLUMNS, QUIZ_IMPORT_MAX_KB, QUIZ_TITLE_MAX_LENGTH } from "#app/features/quizzes/limits.ts";
import { requireTeamAccess } from "#app/features/teams/access.server.ts";
import { TeamSection } from "#app/features/teams/components/team-section.tsx";
import { isTeamForm, submitTeamChange } from "#app/features/teams/team-forms.server.ts";
import { teamOf } from "#app/features/teams/teams.server.ts";
import { mayManageTeam } from "#app/features/teams/types.ts";
import { FormProblem } from "#app/features/staff/components/form-problem.tsx";
import { PublicationSection, SavedNotice } from "#app/features/staff/components/publication-section.tsx";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { ConfirmationPanel, splitConfirmation } from "#app/features/staff/index.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import type { Route } from "./+types/quiz";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  pageMeta(loaderData ? `${loaderData.quiz.title} quiz (staff)` : errorTitle(error));

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { access } = await requireTeamAccess(context, "quiz", params.slug, url.pathname);
  const { db } = context.get(servicesContext);
  const found = await staffQuiz(db, params.slug);
  if (!found) throw data("No such quiz", { status: 404 });
  const { quiz, questions } = found;
  return {
    watchNow: await watchNowChoices(db, quiz.course_path),
    quiz: { slug: quiz.slug, title: quiz.title, status: quiz.status, coursePath: quiz.course_path, hubHref: quiz.hub_href },
    questions: questions.map((question) => ({
      id: question.id,
      values: {
        format: question.rich?.format ?? "plain",
        question: question.rich?.source ?? question.question,
        code: question.code ?? "",
        options: Array.from({ length: MAX_OPTIONS }, (_, index) => question.options[index] ?? ""),
        correct: String(question.options.indexOf(question.answer) + 1),
        explanation: question.explanation ?? "",
      },
    })),
    team: await teamOf(db, "quiz", quiz.slug),
    canManageTeam: mayManageTeam(access),
    saved: quizSavedMessage(url.searchParams.get("saved"), url.searchParams.get("count"), url.searchParams.get("left")),
  };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const { actor, access } = await requireTeamAccess(context, "quiz", params.slug, url.pathname);
  const formData = await request.formData();
  const services = context.get(servicesContext);
  if (isTeamForm(formData)) return submitTeamChange(formData, services.db, { kind: "quiz", slug: params.slug, actor, access });
  return submitQuizEdit(formData, params.slug, services, actor, access);
}

const blankQuestion: QuestionValues = {
  format: "plain",
  question: "",
  code: "",
  options: Array(MAX_OPTIONS).fill(""),
  correct: "",
  explanation: "",
};

export default function StaffQuiz({ loaderData, actionData }: Route.ComponentProps) {
  const { confirmation, reply } = splitConfirmation(actionData);
  const { quiz, questions, saved, watchNow } = loaderData;
  const problem = (form: "settings" | "status" | "questions") => (reply?.form === form ? reply.message : undefined);
  const importing = reply?.form === "import" ? reply : undefined;
  /** The refusal of a question's form: a stored one's, by its id, or the new one's (no id). */
  const questionReply = (id?: string) => (reply?.form === "question" && reply.id === id ? reply : undefined);
  const [settingsForm, fields] = useForm<z.input<typeof quizSettingsSchema>>({
    id: "settings",
    lastResult: reply?.form === "settings" ? reply.result : undefined,
    defaultValue: { title: quiz.title, coursePath: quiz.coursePath },
  });
  const navigation = useNavigation();
  return (
    <>
      <PageHeader title={`${quiz.title} quiz`} trail={staffTrail.quizzes} />
      {confirmation && <ConfirmationPanel confirmation={confirmation} />}
      <div className="section mx-auto max-w-4xl space-y-12">
        <SavedNotice message={saved} />
        <PublicationSection
          status={quiz.status}
          problem={problem("status")}
          archiving={{ allowed: loaderData.canManageTeam, what: "quiz" }}
        >
          <Link to={`/staff/quizzes/${quiz.slug}/preview`} className="text-brand-800 underline">
            Preview as a student
          </Link>
          <Link to={`/staff/quizzes/${quiz.slug}/results`} className="text-brand-800 underline">
            Results question by question
          </Link>
          <a href={`/staff/quizzes/${quiz.slug}/export.gift`} download className="text-brand-800 underline">
            Export to GIFT
          </a>
        </PublicationSection>

        <section aria-labelledby="settings-heading">
          <h2 id="settings-heading" className="section-title">
            Settings
          </h2>
          <Form method="post" {...getFormProps(settingsForm)} className="space-y-5">
            <FormProblem message={problem("settings")} />
            <TextField
              key={fields.title.key}
              {...conformFieldProps(fields.title)}
              label="Title"
              required
              maxLength={QUIZ_TITLE_MAX_LENGTH}
            />
            <SelectField
              key={fields.coursePath.key}
              id={fields.coursePath.id}
              name={fields.coursePath.name}
              label="Course for Watch Now"
              defaultValue={fields.coursePath.initialValue}
              error={fields.coursePath.errors?.[0]}
              options={watchNow}
              hint={`The page the result's Watch Now button opens. The hub links this quiz as ${quiz.hubHref}.`}
            />
            <input type="hidden" name="intent" value="settings" />
            <SubmitButton busy={navigation.formData?.get("intent") === "settings"}>Save the settings</SubmitButton>
          </Form>
        </section>

        <section id="questions" aria-labelledby="questions-heading" className="scroll-mt-24 space-y-6">
          <h2 id="questions-heading" className="section-title">
            {questions.length} questions
          </h2>
          <FormProblem message={problem("questions")} />
          {questions.map((question, index) => {
            const own = questionReply(question.id);
            return (
              <QuestionForm
                key={question.id}
                id={question.id}
                number={index + 1}
                last={index === questions.length - 1}
                values={own?.values ?? question.values}
                message={own?.message}
                problems={own?.problems}
              />
            );
          })}
          <QuestionForm
            values={questionReply()?.values ?? blankQuestion}
            message={questionReply()?.message}
            problems={questionReply()?.problems}
          />
        </section>

        <section aria-labelledby="import-heading">
          <h2 id="import-heading" className="section-title">
            Import questions
          </h2>
          <p className="mb-4 text-muted">
            From Moodle's GIFT format (multiple-choice, true/false and missing-word questions with one right answer; feedback becomes the
            explanation), or from CSV with the columns {QUIZ_CSV_COLUMNS.join(", ")} (the answer is the right option's text or number; code
            and explanation columns are optional). The questions are added at the end. When some of a file's questions cannot be imported,
            each is listed with its line, and you choose to import the others or nothing.
          </p>
          {importing && (
            <div role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
              <p>{importing.message}</p>
              {importing.problems && (
                <ul className="mt-2 list-disc pl-6">
                  {importing.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {importing?.partial && (
            <Form method="post" className="mb-6 space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4">
              <input type="hidden" name="source" value={importing.partial.source} />
              <input type="hidden" name="format" value={importing.partial.format} />
              <p>Nothing has been imported yet. Correct the file and import it again, or import the questions that can be now.</p>
              <button type="submit" name="intent" value="import-fine" className="btn-primary">
                Import the {importing.partial.fine} {importing.partial.fine === 1 ? "question" : "questions"} that can be (
                {importing.partial.leftOut} left out)
              </button>
            </Form>
          )}
          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <TextField
              id="import-file"
              name="file"
              type="file"
              accept=".gift,.txt,.csv,text/plain,text/csv"
              label="File of questions"
              hint={`UTF-8 text, up to ${QUIZ_IMPORT_MAX_KB} KB.`}
            />
            <div>
              <label htmlFor="import-format" className="block font-medium">
                Format
              </label>
              <select
                id="import-format"
                name="format"
                defaultValue="gift"
                className="mt-1 rounded-md border border-gray-400 bg-white px-3 py-2"
              >
                <option value="gift">GIFT (Moodle)</option>
                <option value="csv">CSV</option>
              </select>
            </div>
            <button type="submit" name="intent" value="import" className="btn-primary">
              Import
            </button>
          </Form>
        </section>

        <TeamSection
          kind="quiz"
          team={loaderData.team}
          canManage={loaderData.canManageTeam}
          reply={reply?.form === "team" ? reply : undefined}
        />
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

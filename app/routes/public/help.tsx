import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { servicesContext } from "#app/context.ts";
import { answerHelpRequest } from "#app/features/help/ask.server.ts";
import { HelpAnswerList, HelpSummary } from "#app/features/help/components/help-result-view.tsx";
import { QuestionField } from "#app/features/help/components/question-field.tsx";
import { HELP_PATH, HELP_QUESTION_PARAM } from "#app/features/help/limits.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/help";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";

export const meta = () =>
  pageMeta(
    "Help",
    "Answers from this site's own pages: courses, lessons, quizzes, the library, registering, signing in and how to reach the college.",
  );

export function loader({ url, context }: Route.LoaderArgs) {
  return answerHelpRequest(url, context.get(servicesContext));
}

const commonQuestions = ["How do I register?", "Java quiz", "How do I watch the lessons?", "I forgot my password", "Where is the college?"];
const askHref = (question: string) => `${HELP_PATH}?${new URLSearchParams({ [HELP_QUESTION_PARAM]: question })}`;

/** The help assistant as a page: a plain GET form, so it works without JavaScript too. */
export const handle = sameForEveryVisitor(["catalogue", "courses", "quizzes"], "same");

export default function Help({ loaderData: result }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === HELP_PATH;
  const question = result.status === "start" ? "" : result.question;
  return (
    <>
      <PageHeader title="Help" />
      <div className="section max-w-3xl">
        <section aria-labelledby="ask-heading">
          <h2 id="ask-heading" className="text-2xl font-bold">
            Ask a question
          </h2>
          <p className="mt-2 text-muted">
            The help assistant searches this site's courses, lessons, quizzes, pages and help topics, and links each answer to its page. It
            answers from our own pages only.
          </p>
          <Form method="get" action={HELP_PATH} role="search" className="mt-4">
            <QuestionField
              key={question}
              id="help-question"
              defaultValue={question}
              invalid={!busy && result.status === "refused"}
              errorId="help-summary"
            />
          </Form>
          {/* Always in place, so that each new outcome is announced; says why a question was refused. */}
          <div className="mt-3">
            <HelpSummary id="help-summary" result={result} busy={busy} />
          </div>
        </section>
        {!busy && (result.status === "answered" || result.status === "no-match") && (
          <section aria-labelledby="answers-heading" className="mt-8">
            <h2 id="answers-heading" className="text-2xl font-bold">
              Answers
            </h2>
            <div className="mt-3">
              <HelpAnswerList result={result} />
            </div>
          </section>
        )}
        <section aria-labelledby="common-heading" className="mt-10">
          <h2 id="common-heading" className="text-2xl font-bold">
            Common questions
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {commonQuestions.map((common) => (
              <li key={common}>
                <Link to={askHref(common)} className="text-brand-800 underline">
                  {common}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

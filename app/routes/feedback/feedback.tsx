import { getFormProps, useForm } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import type { z } from "zod";
import { PageHeader } from "#app/components/page-header.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { servicesContext } from "#app/context.ts";
import { getUser } from "#app/features/auth/index.server.ts";
import { FeedbackCard } from "#app/features/feedback/components/feedback-card.tsx";
import { FeedbackFields } from "#app/features/feedback/components/feedback-form.tsx";
import { isJsonClient } from "#app/features/feedback/json-client.ts";
import type { feedbackSchema } from "#app/features/feedback/schemas.ts";
import { feedbackListResponse, loadWall } from "#app/features/feedback/wall.server.ts";
import type { FormResult } from "#app/lib/forms/form-submission.server.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/feedback";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";

export const meta = () => pageMeta("Feedback", "What our students say about their courses, and a form to add yours.");

/** The spec's back end answered `GET /feedback` with JSON: clients that ask for JSON still get it. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method === "GET" && isJsonClient(request)) return feedbackListResponse(context.get(servicesContext), new URL(request.url));
    return next();
  },
];

export async function loader({ url, context }: Route.LoaderArgs) {
  return loadWall(context.get(servicesContext), getUser(context), url);
}

/** The same address answers HTML or JSON. */
export const headers = () => ({ Vary: "Accept" });

// A signed-in person's wall (their own posts, a moderator's buttons) is rendered whole.
export const handle = sameForEveryVisitor(["feedback"]);

export default function FeedbackPage({ loaderData }: Route.ComponentProps) {
  const { posts, olderHref, prefillName, moderator, posted, deleted, isOlderPage } = loaderData;
  // The answer of /feedback/new's action: a refusal (a redirect back here when stored).
  const fetcher = useFetcher<FormResult>();
  const [form, fields] = useForm<z.input<typeof feedbackSchema>>({
    id: "feedback",
    lastResult: fetcher.data,
    defaultValue: { name: prefillName },
  });
  // The form's state, not fetcher.data: that keeps the last refusal after a post that was stored,
  // and the form's reset below ends it.
  const refused = form.status === "error";
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    // A post that went through came back as a redirect to ?posted: start the form afresh.
    if (posted) formRef.current?.reset();
  }, [posted]);

  return (
    <>
      <PageHeader title="Feedback" />
      <div className="section grid gap-10 lg:grid-cols-3">
        <section aria-labelledby="give-feedback" className="lg:col-span-1">
          <h2 id="give-feedback" className="text-2xl font-bold">
            Give your Feedback
          </h2>
          <fetcher.Form ref={formRef} method="post" action="/feedback/new" {...getFormProps(form)} className="mt-4">
            <FeedbackFields key={posted ?? "form"} fields={fields} />
            <SubmitButton busy={busy} className="btn-primary mt-4">
              Submit
            </SubmitButton>
            <p role="status" className={`mt-3 min-h-6 ${refused ? "text-red-700" : "text-emerald-800"}`}>
              {busy
                ? "Sending your feedback…"
                : refused
                  ? (form.errors?.[0] ?? "Please correct the fields marked above.")
                  : posted
                    ? "Thank you! Your feedback is on the wall."
                    : deleted
                      ? "The feedback was deleted."
                      : ""}
            </p>
          </fetcher.Form>
        </section>
        <section aria-labelledby="all-feedbacks" className="lg:col-span-2">
          <h2 id="all-feedbacks" className="text-2xl font-bold">
            All Feedbacks
          </h2>
          {posts === null ? (
            <p role="alert" className="mt-4 rounded-md bg-amber-50 p-4 text-amber-900">
              The feedback could not be loaded just now. Please try again in a few minutes.
            </p>
          ) : posts.length === 0 ? (
            <p className="mt-4 text-muted">{isOlderPage ? "There is no older feedback." : "No feedback yet. Be the first to write one!"}</p>
          ) : (
            <ol className="mt-4 space-y-4">
              {posts.map((post) => (
                <li key={post.id}>
                  <FeedbackCard post={post}>
                    {moderator && (
                      // Its own page asks first, with the post beside the buttons: nothing is hidden by one click.
                      <Link to={`/feedback/${post.id}`} className="mt-2 inline-block text-sm font-semibold text-brand-800 underline">
                        Hide or delete <span className="sr-only">the feedback of {post.name}</span>
                      </Link>
                    )}
                  </FeedbackCard>
                </li>
              ))}
            </ol>
          )}
          <nav aria-label="More feedback" className="mt-6 flex gap-4">
            {isOlderPage && (
              <Link to="/feedback" reloadDocument className="underline">
                Newest feedback
              </Link>
            )}
            {olderHref && (
              <Link to={olderHref} className="btn-primary">
                Older feedback
              </Link>
            )}
          </nav>
        </section>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

import { data, Form, Link, redirect } from "react-router";
import { FormPage } from "#app/components/form-page.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { servicesContext } from "#app/context.ts";
import { getUser } from "#app/features/auth/index.server.ts";
import { FeedbackFields } from "#app/features/feedback/components/feedback-form.tsx";
import { isJsonClient } from "#app/features/feedback/json-client.ts";
import { postFeedback } from "#app/features/feedback/post.server.ts";
import type { FeedbackFormResult } from "#app/features/feedback/types.ts";
import { feedbackJson } from "#app/features/feedback/view.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { pageFormsOrJson, type RouteHandle } from "#app/lib/route-handle.ts";
import { keepRetryAfter } from "#app/lib/too-many-requests.ts";
import type { Route } from "./+types/new";

export const meta = () => pageMeta("Feedback");

/** The wall's form, and JSON from the feedback API's clients. */
export const handle: RouteHandle = { body: pageFormsOrJson };

/** The spec's `POST /feedback/new` for JSON clients: a JSON body or Accept, a JSON answer. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method !== "POST" || !isJsonClient(request)) return next();
    let input: unknown;
    try {
      input = request.headers.get("content-type")?.includes("json") ? await request.json() : Object.fromEntries(await request.formData());
    } catch {
      return Response.json({ error: "The body is not valid JSON." }, { status: 400 });
    }
    if (typeof input !== "object" || input === null || Array.isArray(input)) {
      return Response.json({ error: "The body must be a JSON object with name, comment, image and rating." }, { status: 400 });
    }
    const outcome = await postFeedback(context.get(servicesContext), request, getUser(context), input as Record<string, unknown>);
    if (outcome.ok) {
      const headers = outcome.setCookie ? { "Set-Cookie": outcome.setCookie } : undefined;
      return Response.json(feedbackJson(outcome.post), { status: 201, headers });
    }
    const { errors, form } = outcome.result;
    const retryAfter = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
    return Response.json({ error: form ?? "Some fields need correcting.", errors }, { status: outcome.status, headers: retryAfter });
  },
];

/**
 * The wall's form: a stored post goes back to the wall (post/redirect/get); a refused one is
 * shown here when the browser has no JavaScript (with it, the wall shows the answer in place).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await postFeedback(context.get(servicesContext), request, getUser(context), Object.fromEntries(form));
  if (outcome.ok) {
    return redirect(`/feedback?posted=${outcome.post.id}`, {
      status: 303,
      headers: outcome.setCookie ? { "Set-Cookie": outcome.setCookie } : undefined,
    });
  }
  const headers = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
  return data<FeedbackFormResult>(outcome.result, { status: outcome.status, headers });
}

export const headers = keepRetryAfter;

export function loader({ context }: Route.LoaderArgs) {
  return { prefillName: getUser(context)?.name ?? "" };
}

export default function NewFeedback({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FormPage title="Feedback" heading="Give your Feedback">
      {actionData && (
        <p role="status" className="mt-4 rounded-md bg-red-50 p-4 text-red-800">
          {actionData.form ?? "Please correct the fields marked below."}
        </p>
      )}
      <Form method="post" action="/feedback/new" noValidate className="mt-4">
        <FeedbackFields prefillName={loaderData.prefillName} result={actionData} />
        <SubmitButton busy={false} className="btn-primary mt-4">
          Submit
        </SubmitButton>
      </Form>
      <p className="mt-6">
        <Link to="/feedback" reloadDocument className="underline">
          Back to all feedback
        </Link>
      </p>
    </FormPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

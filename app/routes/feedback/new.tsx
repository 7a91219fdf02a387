import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { FormPage } from "#app/components/form-page.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { servicesContext } from "#app/context.ts";
import { getUser } from "#app/features/auth/index.server.ts";
import { FeedbackFields } from "#app/features/feedback/components/feedback-form.tsx";
import { isJsonClient } from "#app/features/feedback/json-client.ts";
import { postFeedbackForm, postFeedbackJson } from "#app/features/feedback/post.server.ts";
import type { feedbackSchema } from "#app/features/feedback/schemas.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import { pageFormsOrJson, type RouteHandle } from "#app/lib/http/route-handle.ts";
import { keepRetryAfter } from "#app/lib/http/too-many-requests.ts";
import type { Route } from "./+types/new";

export const meta = () => pageMeta("Feedback");

/** The wall's form, and JSON from the feedback API's clients. */
export const handle: RouteHandle = { body: pageFormsOrJson };

/** The spec's `POST /feedback/new` for JSON clients: a JSON body or Accept, a JSON answer. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method !== "POST" || !isJsonClient(request)) return next();
    return postFeedbackJson(request, context.get(servicesContext), getUser(context));
  },
];

/**
 * The wall's form: a stored post goes back to the wall; a refused one is shown here when the
 * browser has no JavaScript (with it, the wall shows the answer in place).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return postFeedbackForm(request, context.get(servicesContext), getUser(context));
}

export const headers = keepRetryAfter;

export function loader({ context }: Route.LoaderArgs) {
  return { prefillName: getUser(context)?.name ?? "" };
}

export default function NewFeedback({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<typeof feedbackSchema>>({
    id: "feedback",
    lastResult: actionData,
    defaultValue: { name: loaderData.prefillName },
  });
  return (
    <FormPage title="Feedback" heading="Give your Feedback">
      {actionData && (
        <p role="status" className="mt-4 rounded-md bg-red-50 p-4 text-red-800">
          {form.errors?.[0] ?? "Please correct the fields marked below."}
        </p>
      )}
      <Form method="post" action="/feedback/new" {...getFormProps(form)} className="mt-4">
        <FeedbackFields fields={fields} />
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

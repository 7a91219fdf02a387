import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { FormPage } from "#app/components/form-page.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { servicesContext } from "#app/context.ts";
import { getUser } from "#app/features/auth/index.server.ts";
import { signInHref } from "#app/features/auth/sign-in-link.ts";
import { FeedbackCard } from "#app/features/feedback/components/feedback-card.tsx";
import { loadDeletePage, moderateFeedback } from "#app/features/feedback/moderation.server.ts";
import type { moderationSchema } from "#app/features/feedback/schemas.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/delete";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "Delete feedback");

/** The close icon's address: a confirmation, never a delete (a GET must not change anything). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadDeletePage(context.get(servicesContext), getUser(context), request, params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return moderateFeedback(context.get(servicesContext), getUser(context), request, params.id);
}

export default function DeleteFeedback({ loaderData, actionData, params }: Route.ComponentProps) {
  const { post, verdict, hidden, moderator, signedIn } = loaderData;
  const [form, fields] = useForm<z.input<typeof moderationSchema>>({ id: "moderate-feedback", lastResult: actionData });
  const busy = useNavigation().state === "submitting";
  const refusal = form.errors?.[0] ?? fields.intent.errors?.[0] ?? (verdict.allowed ? null : verdict.message);
  return (
    <FormPage title="Feedback" heading="Delete this feedback?" className="max-w-2xl">
      <div className="mt-4">
        <FeedbackCard post={post} />
      </div>
      {hidden && <p className="mt-4 text-muted">This feedback is hidden from the wall.</p>}
      {refusal && (
        <p role="alert" className="mt-4 rounded-md bg-amber-50 p-4 text-amber-900">
          {refusal}
        </p>
      )}
      <div className="mt-6 flex flex-wrap items-center gap-4">
        {(verdict.allowed || moderator) && (
          // One form, its buttons its actions; `contents` keeps them in the row beside the links.
          <Form method="post" {...getFormProps(form)} className="contents">
            {verdict.allowed && (
              <SubmitButton busy={busy} name={fields.intent.name} value="delete" className="btn bg-red-700 text-white hover:bg-red-800">
                Delete
              </SubmitButton>
            )}
            {moderator && (
              <SubmitButton
                busy={busy}
                name={fields.intent.name}
                value={hidden ? "show" : "hide"}
                className="btn-light border border-brand-700"
              >
                {hidden ? "Show on the wall again" : "Hide from the wall"}
              </SubmitButton>
            )}
          </Form>
        )}
        {!verdict.allowed && !signedIn && (
          <Link to={signInHref(`/feedback/${params.id}`)} className="btn-primary">
            Sign in
          </Link>
        )}
        <Link to="/feedback" reloadDocument className="underline">
          Keep it and go back
        </Link>
      </div>
    </FormPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

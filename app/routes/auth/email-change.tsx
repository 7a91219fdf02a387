import { Form, useNavigation } from "react-router";
import { FormPage } from "#app/components/form-page.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { TextField } from "#app/components/text-field.tsx";
import { builtInAccountServices } from "#app/features/accounts/built-in.server.ts";
import { CheckYourInbox } from "#app/features/accounts/components/check-your-inbox.tsx";
import { requestEmailChange } from "#app/features/accounts/email-change.server.ts";
import { requireUser } from "#app/features/auth/index.server.ts";
import { EMAIL_MAX_LENGTH } from "#app/lib/email.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/email-change";

export const meta = () => pageMeta("Change your email address");

export function loader({ context }: Route.LoaderArgs) {
  const { user } = requireUser(context, "/profile/email");
  builtInAccountServices(context);
  return { email: user.email };
}

export function action({ request, context }: Route.ActionArgs) {
  const { user } = requireUser(context, "/profile/email");
  return requestEmailChange(request, user.sub, builtInAccountServices(context));
}

export default function EmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <FormPage title="Profile" heading="Change your email address" className="max-w-md">
      {actionData?.sent ? (
        <CheckYourInbox email={actionData.sent.email}>Your account moves to the new address once you open the link in it.</CheckYourInbox>
      ) : (
        <Form method="post" className="mt-4 space-y-4" noValidate>
          {actionData?.form && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
              {actionData.form}
            </p>
          )}
          <p>
            Your address now is <span className="break-all">{loaderData.email}</span>. We will mail a link to the new one to make sure it is
            yours.
          </p>
          <TextField
            id="new-email"
            name="email"
            label="New email address"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            defaultValue={actionData?.email}
            error={actionData?.errors.email}
          />
          <TextField
            id="current-password"
            name="password"
            label="Your current password"
            type="password"
            autoComplete="current-password"
            required
            error={actionData?.errors.password}
          />
          <SubmitButton busy={busy} className="btn-primary w-full">
            Send the link
          </SubmitButton>
        </Form>
      )}
    </FormPage>
  );
}

export { keepRetryAfter as headers } from "#app/lib/too-many-requests.ts";

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

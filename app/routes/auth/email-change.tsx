import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { FormPage } from "#app/components/form-page.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import { builtInAccountServices } from "#app/features/accounts/built-in.server.ts";
import { CheckYourInbox } from "#app/features/accounts/components/check-your-inbox.tsx";
import { requestEmailChange } from "#app/features/accounts/email-change.server.ts";
import type { emailChangeSchema } from "#app/features/accounts/schemas.ts";
import { requireUser } from "#app/features/auth/index.server.ts";
import { EMAIL_MAX_LENGTH } from "#app/lib/text/email.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
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
  const [form, fields] = useForm<z.input<typeof emailChangeSchema>>({
    id: "email-change",
    lastResult: actionData?.sent === null ? actionData.result : undefined,
  });
  const busy = useNavigation().state === "submitting";
  return (
    <FormPage title="Profile" heading="Change your email address" className="max-w-md">
      {actionData?.sent ? (
        <CheckYourInbox email={actionData.sent.email}>Your account moves to the new address once you open the link in it.</CheckYourInbox>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          {form.errors && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
              {form.errors[0]}
            </p>
          )}
          <p>
            Your address now is <span className="break-all">{loaderData.email}</span>. We will mail a link to the new one to make sure it is
            yours.
          </p>
          <TextField
            key={fields.email.key}
            {...conformFieldProps(fields.email)}
            label="New email address"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
          />
          <TextField
            key={fields.password.key}
            {...conformFieldProps(fields.password)}
            label="Your current password"
            type="password"
            autoComplete="current-password"
            required
          />
          <SubmitButton busy={busy} className="btn-primary w-full">
            Send the link
          </SubmitButton>
        </Form>
      )}
    </FormPage>
  );
}

export { keepRetryAfter as headers } from "#app/lib/http/too-many-requests.ts";

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

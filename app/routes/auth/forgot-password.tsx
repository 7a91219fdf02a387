import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { FormPage } from "#app/components/form-page.tsx";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import { builtInAccountServices } from "#app/features/accounts/built-in.server.ts";
import { CheckYourInbox } from "#app/features/accounts/components/check-your-inbox.tsx";
import { requestPasswordReset } from "#app/features/accounts/password-reset.server.ts";
import type { forgotPasswordSchema } from "#app/features/accounts/schemas.ts";
import { EMAIL_MAX_LENGTH } from "#app/lib/text/email.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/forgot-password";

export const meta = () => pageMeta("Forgot password");

export function loader({ context }: Route.LoaderArgs) {
  builtInAccountServices(context);
  return null;
}

export function action({ request, context }: Route.ActionArgs) {
  return requestPasswordReset(request, builtInAccountServices(context));
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<typeof forgotPasswordSchema>>({
    id: "forgot",
    lastResult: actionData?.sent === null ? actionData.result : undefined,
  });
  const busy = useNavigation().state === "submitting";
  return (
    <FormPage title="Forgot password" heading="Choose a new password" className="max-w-md">
      {actionData?.sent ? (
        <CheckYourInbox email={actionData.sent.email}>
          If an account uses this address, the mail holds a link to choose a new password.
        </CheckYourInbox>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <p>Enter the email address of your account, and we will mail you a link to choose a new password.</p>
          <HoneypotField />
          <TextField
            key={fields.email.key}
            {...conformFieldProps(fields.email)}
            // The form's one field also says what was wrong with the whole form (too many requests).
            error={fields.email.errors?.[0] ?? form.errors?.[0]}
            label="Email"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
          />
          <SubmitButton busy={busy} className="btn-primary w-full">
            Send me a link
          </SubmitButton>
        </Form>
      )}
    </FormPage>
  );
}

export { keepRetryAfter as headers } from "#app/lib/http/too-many-requests.ts";

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

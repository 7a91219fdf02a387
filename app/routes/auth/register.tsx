import { getFormProps, useForm } from "@conform-to/react";
import type { ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";
import type { z } from "zod";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import { servicesContext } from "#app/context.ts";
import { handleRegistration } from "#app/features/accounts/registration.server.ts";
import type { registerSchema } from "#app/features/accounts/schemas.ts";
import { CheckYourInbox } from "#app/features/accounts/components/check-your-inbox.tsx";
import { NewPasswordFields } from "#app/features/accounts/components/new-password-fields.tsx";
import { pageMeta } from "#app/lib/http/meta.ts";
import { signInHref } from "#app/features/auth/sign-in-link.ts";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { EMAIL_MAX_LENGTH } from "#app/lib/text/email.ts";
import type { Route } from "./+types/register";

export const meta = () => pageMeta("Sign Up Page");

/** With an external provider, accounts are made there. */
export function loader({ context }: Route.LoaderArgs) {
  const { identityProvider, config } = context.get(servicesContext);
  return { externalIssuer: identityProvider ? null : (config.OIDC_ISSUER ?? null) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (!services.identityProvider) throw data("Accounts are created at the identity provider", { status: 404 });
  return handleRegistration(request, services);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<typeof registerSchema>>({
    id: "register",
    lastResult: actionData?.sent === null ? actionData.result : undefined,
  });
  const busy = useNavigation().state === "submitting";
  if (loaderData.externalIssuer) {
    return (
      <RegisterPage>
        <p className="mt-4">
          Accounts for this site are created with the college's sign-in service. Choose Join Now and pick the option to sign up there.
        </p>
        <a href={signInHref("/profile")} className="btn-primary mt-6">
          Join Now
        </a>
      </RegisterPage>
    );
  }
  if (actionData?.sent) {
    return (
      <RegisterPage>
        <CheckYourInbox email={actionData.sent.email}>
          It holds a link that creates your account. If you already have one, the mail says so and how to sign in.
        </CheckYourInbox>
      </RegisterPage>
    );
  }
  return (
    <RegisterPage>
      {form.errors && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
          {form.errors[0]}
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <HoneypotField />
        <TextField key={fields.name.key} {...conformFieldProps(fields.name)} label="Name" type="text" autoComplete="name" required />
        <TextField key={fields.phone.key} {...conformFieldProps(fields.phone)} label="Phone" type="tel" autoComplete="tel" required />
        <TextField
          key={fields.email.key}
          {...conformFieldProps(fields.email)}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          required
        />
        <NewPasswordFields fields={fields} labels={{ password: "Password", again: "Confirm Password" }} />
        <SubmitButton busy={busy} className="btn-primary w-full">
          Register
        </SubmitButton>
        <p className="text-center text-sm text-muted">
          Already registered?{" "}
          <a href="/signin" className="font-semibold text-brand-800 underline">
            Sign in
          </a>
        </p>
      </Form>
    </RegisterPage>
  );
}

function RegisterPage({ children }: { children: ReactNode }) {
  return (
    <FormPage title="Sign Up Page" heading="User Register Page">
      {children}
    </FormPage>
  );
}

export { keepRetryAfter as headers } from "#app/lib/http/too-many-requests.ts";

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

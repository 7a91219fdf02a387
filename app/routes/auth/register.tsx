import type { ReactNode } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { HoneypotField } from "../../components/honeypot-field.tsx";
import { FormPage } from "../../components/form-page.tsx";
import { TextField } from "../../components/text-field.tsx";
import { servicesContext } from "../../context.ts";
import { createAccount } from "../../features/accounts/queries.server.ts";
import { issueRegistrationTicket, registrationTicketCookie } from "../../features/accounts/registration-ticket.server.ts";
import { PASSWORD_MIN_LENGTH, type FieldErrors, type RegisterField } from "../../features/accounts/limits.ts";
import { registerSchema } from "../../features/accounts/schemas.ts";
import { fieldErrors } from "../../lib/field-errors.ts";
import { isHoneypotFilled } from "../../lib/honeypot.ts";
import { pageMeta } from "../../lib/meta.ts";
import { consumeRateLimit } from "../../lib/rate-limit.server.ts";
import { signInHref } from "../../features/auth/sign-in-link.ts";
import { tooManyRequests } from "../../lib/too-many-requests.ts";
import { SubmitButton } from "../../components/submit-button.tsx";
import { EMAIL_MAX_LENGTH } from "../../lib/email.ts";
import type { Route } from "./+types/register";
import { passwordWeakness } from "../../features/accounts/password-strength.server.ts";

export const meta = () => pageMeta("Sign Up Page");

const fields = [
  { name: "name", label: "Name", type: "text", autoComplete: "name" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "email", label: "Email", type: "email", autoComplete: "email", maxLength: EMAIL_MAX_LENGTH },
  { name: "password1", label: "Password", type: "password", autoComplete: "new-password" },
  { name: "password2", label: "Confirm Password", type: "password", autoComplete: "new-password" },
] as const;

type ActionResult = { errors: FieldErrors<RegisterField>; form?: string; values: Partial<Record<RegisterField, string>> };

/** With an external provider, accounts are made there. */
export function loader({ context }: Route.LoaderArgs) {
  const { identityProvider, config } = context.get(servicesContext);
  return { externalIssuer: identityProvider ? null : (config.OIDC_ISSUER ?? null) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, identityProvider, clientAddress, secureCookies } = context.get(servicesContext);
  if (!identityProvider) throw data("Accounts are created at the identity provider", { status: 404 });

  // Generous enough for a computer lab of students registering together behind one address.
  const rate = await consumeRateLimit(db, { key: `register:${clientAddress}`, limit: 30, windowSeconds: 60 * 60 });
  if (!rate.allowed) {
    return tooManyRequests<ActionResult>(
      { errors: {}, values: {}, form: "Too many registrations from your network. Please try again later." },
      rate.retryAfterSeconds,
    );
  }
  const form = await request.formData();
  const raw = Object.fromEntries(fields.map((f) => [f.name, form.get(f.name) ?? undefined]));
  // Passwords are never sent back to the page.
  const values = { name: String(raw.name ?? ""), phone: String(raw.phone ?? ""), email: String(raw.email ?? "") };
  if (isHoneypotFilled(form)) {
    return data<ActionResult>({ errors: {}, values, form: "We could not accept this registration. Please try again." }, { status: 400 });
  }
  const parsed = registerSchema.safeParse(raw);
  if (!parsed.success) return data<ActionResult>({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  const weakness = passwordWeakness(parsed.data.password1, [parsed.data.name, parsed.data.email]);
  if (weakness) return data<ActionResult>({ errors: { password1: weakness }, values }, { status: 400 });

  const created = await createAccount(db, parsed.data);
  if ("emailTaken" in created) {
    return data<ActionResult>(
      { errors: { email: "An account with this email address already exists. Please sign in instead." }, values },
      { status: 400 },
    );
  }
  const ticket = await issueRegistrationTicket(db, created.account.id);
  return redirect(signInHref("/profile"), {
    headers: {
      "Set-Cookie": registrationTicketCookie.set(ticket, secureCookies),
    },
  });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (loaderData.externalIssuer) {
    return (
      <RegisterPage>
        <p className="mt-4">
            Accounts for this site are created with the college's sign-in service. Choose Join Now and pick the
            option to sign up there.
          </p>
        <a href={signInHref("/profile")} className="btn-primary mt-6">
          Join Now
        </a>
      </RegisterPage>
    );
  }
  const errors = actionData?.errors ?? {};
  return (
    <RegisterPage>
      {actionData?.form && (
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
            {actionData.form}
          </p>
        )}
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <HoneypotField />
          {fields.map((field) => (
            <TextField
              key={field.name}
              id={field.name}
              {...field}
              required
              error={errors[field.name]}
              hint={field.name === "password1" ? `At least ${PASSWORD_MIN_LENGTH} characters; common and easily guessed passwords are refused.` : undefined}
              minLength={field.type === "password" ? PASSWORD_MIN_LENGTH : undefined}
              // Passwords are never sent back to the page.
              defaultValue={field.type === "password" ? undefined : actionData?.values[field.name]}
            />
          ))}
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

export { keepRetryAfter as headers } from "../../lib/too-many-requests.ts";

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";

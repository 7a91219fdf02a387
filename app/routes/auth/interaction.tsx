import { getFormProps, useForm } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { servicesContext } from "#app/context.ts";
import type { signInSchema } from "#app/features/accounts/schemas.ts";
import { signInPage, submitSignIn } from "#app/features/accounts/sign-in-form.server.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/interaction";

export const meta = () => pageMeta("Sign In");

/** The provider's login page, in the site's design. Someone who just registered passes straight through. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return signInPage(request, params.uid, context.get(servicesContext));
}

export function action({ request, params, context }: Route.ActionArgs) {
  return submitSignIn(request, params.uid, context.get(servicesContext));
}

export default function Interaction({ loaderData, actionData }: Route.ComponentProps) {
  // The form's errors are all about the whole form: one alert above it, no field marked.
  const [form, fields] = useForm<z.input<typeof signInSchema>>({
    id: "signin",
    lastResult: actionData,
    defaultValue: { email: loaderData.email },
  });
  // A document post: the router sees no navigation, so the form tracks its own submit.
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    // Back to this page from the history cache: it may be sent again.
    const reset = (event: PageTransitionEvent) => event.persisted && setSubmitted(false);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);
  const error = loaderData.expired ?? form.errors?.[0];
  return (
    <FormPage title="Sign In" heading="Sign in to your account" className="max-w-md">
      {error && (
        <p id="signin-error" role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      {loaderData.expired ? (
        <a href="/signin" className="btn-primary mt-6">
          Start again
        </a>
      ) : (
        // reloadDocument: the provider's interaction cookie is scoped to this exact path, which a
        // data request (…/uid.data) would not match.
        <Form
          method="post"
          reloadDocument
          {...getFormProps(form)}
          // The browser checks that both fields are filled in before the post; the server says the rest.
          noValidate={false}
          onSubmit={(event) => {
            form.onSubmit(event);
            setSubmitted(true);
          }}
          className="mt-6 space-y-4"
          aria-describedby={error ? "signin-error" : undefined}
        >
          <HoneypotField />
          <TextField
            key={fields.email.key}
            {...conformFieldProps(fields.email)}
            label="Email"
            type="email"
            required
            autoComplete="username"
          />
          <TextField
            key={fields.password.key}
            {...conformFieldProps(fields.password)}
            label="Password"
            type="password"
            required
            autoComplete="current-password"
          />
          <p className="text-right text-sm">
            <a href="/forgot-password" className="font-semibold text-brand-800 underline">
              Forgot password?
            </a>
          </p>
          <SubmitButton busy={submitted} className="btn-primary w-full">
            Sign in
          </SubmitButton>
          <p className="text-center text-sm text-muted">
            New here?{" "}
            <a href="/register" className="font-semibold text-brand-800 underline">
              Create an account
            </a>
          </p>
        </Form>
      )}
    </FormPage>
  );
}

export { keepRetryAfter as headers } from "#app/lib/http/too-many-requests.ts";

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

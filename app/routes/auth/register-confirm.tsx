import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { FormPage } from "#app/components/form-page.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import { builtInAccountServices } from "#app/features/accounts/built-in.server.ts";
import { keepLinkPageDataAfterPosts } from "#app/features/accounts/link-page-revalidation.ts";
import { LinkNoLongerWorks } from "#app/features/accounts/components/link-no-longer-works.tsx";
import { NewPasswordFields } from "#app/features/accounts/components/new-password-fields.tsx";
import { confirmRegistration, registrationLinkPage } from "#app/features/accounts/registration.server.ts";
import type { newPasswordSchema, registrationPasswordSchema } from "#app/features/accounts/schemas.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/register-confirm";

export const meta = () => pageMeta("Confirm your account");

export function loader({ url, context }: Route.LoaderArgs) {
  return registrationLinkPage(url, builtInAccountServices(context));
}

export function action({ request, context }: Route.ActionArgs) {
  return confirmRegistration(request, builtInAccountServices(context));
}

export const shouldRevalidate = keepLinkPageDataAfterPosts;

export default function RegisterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  // After a post, the action's answer: the loader's is still the link's as it was opened.
  const page = actionData ?? loaderData;
  const choose = page.state === "ready" && page.choose;
  // The page asks for one of the schemas' fields: the password typed again, or a new one twice.
  const [form, fields] = useForm<z.input<typeof registrationPasswordSchema> & z.input<typeof newPasswordSchema>>({
    id: choose ? "confirm-choose" : "confirm",
    lastResult: page.state === "ready" ? page.result : undefined,
  });
  return (
    <FormPage title="Sign Up Page" heading="Finish creating your account">
      {page.state === "ready" && (
        // A form, not the link itself: mail programs open links to check them.
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <p>
            The account for <strong>{page.name}</strong> with the address <span className="break-all">{page.email}</span> is ready to be
            created. {page.choose ? "Choose its password." : "To create it, type the password chosen when registering."}
          </p>
          {/* For password managers: which account the password belongs to. */}
          <input type="hidden" name="username" autoComplete="username" value={page.email} />
          <input type="hidden" name="token" value={page.token} />
          {page.choose ? (
            <NewPasswordFields fields={fields} labels={{ password: "Password", again: "Confirm Password" }} />
          ) : (
            <TextField
              key={fields.password.key}
              {...conformFieldProps(fields.password)}
              label="Password"
              type="password"
              autoComplete="current-password"
              required
            />
          )}
          <SubmitButton busy={busy}>Create my account</SubmitButton>
          {!page.choose && (
            <p className="text-sm">
              Did someone else register this address, or do you not remember the password?{" "}
              <Link to={`?${new URLSearchParams({ token: page.token, choose: "" })}`} className="font-semibold text-brand-800 underline">
                Choose a new password
              </Link>
              .
            </p>
          )}
        </Form>
      )}
      {page.state === "exists" && (
        <p role="alert" className="mt-4">
          This address already has an account.{" "}
          <a href="/signin" className="font-semibold text-brand-800 underline">
            Sign in
          </a>{" "}
          or{" "}
          <a href="/forgot-password" className="font-semibold text-brand-800 underline">
            choose a new password
          </a>
          .
        </p>
      )}
      {page.state === "expired" && <LinkNoLongerWorks again={{ href: "/register", label: "Register again" }} />}
    </FormPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

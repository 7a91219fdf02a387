import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { FormPage } from "#app/components/form-page.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { builtInAccountServices } from "#app/features/accounts/built-in.server.ts";
import { keepLinkPageDataAfterPosts } from "#app/features/accounts/link-page-revalidation.ts";
import { LinkNoLongerWorks } from "#app/features/accounts/components/link-no-longer-works.tsx";
import { NewPasswordFields } from "#app/features/accounts/components/new-password-fields.tsx";
import { resetLinkPage, resetPassword } from "#app/features/accounts/password-reset.server.ts";
import type { newPasswordSchema } from "#app/features/accounts/schemas.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/reset-password";

export const meta = () => pageMeta("Choose a new password");

export function loader({ url, context }: Route.LoaderArgs) {
  return resetLinkPage(url, builtInAccountServices(context));
}

export function action({ request, context }: Route.ActionArgs) {
  return resetPassword(request, builtInAccountServices(context));
}

export const shouldRevalidate = keepLinkPageDataAfterPosts;

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  // After a post, the action's answer: the loader's is still the link's as it was opened.
  const page = actionData ?? loaderData;
  const [form, fields] = useForm<z.input<typeof newPasswordSchema>>({
    id: "reset",
    lastResult: page.state === "ready" ? page.result : undefined,
  });
  if (page.state === "done") {
    return (
      <FormPage title="Choose a new password" heading="Your password is changed" className="max-w-md">
        <p role="status" className="mt-4">
          Every session of your account was signed out. Sign in with your new password.
        </p>
        <a href="/signin?return_to=%2Fprofile" className="btn-primary mt-6">
          Sign in
        </a>
      </FormPage>
    );
  }
  return (
    <FormPage title="Choose a new password" heading="Choose a new password" className="max-w-md">
      {page.state === "expired" ? (
        <LinkNoLongerWorks again={{ href: "/forgot-password", label: "Send me a new link" }} />
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <p>
            For the account <span className="break-all">{page.email}</span>.
          </p>
          {/* For password managers: which account the new password belongs to. */}
          <input type="hidden" name="username" autoComplete="username" value={page.email} />
          <input type="hidden" name="token" value={page.token} />
          <NewPasswordFields fields={fields} labels={{ password: "New password", again: "Confirm new password" }} />
          <SubmitButton busy={busy} className="btn-primary w-full">
            Save my new password
          </SubmitButton>
        </Form>
      )}
    </FormPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

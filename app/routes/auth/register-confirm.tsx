import { Form, useNavigation } from "react-router";
import { FormPage } from "#app/components/form-page.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { builtInAccountServices } from "#app/features/accounts/built-in.server.ts";
import { LinkNoLongerWorks } from "#app/features/accounts/components/link-no-longer-works.tsx";
import { confirmRegistration, registrationLinkPage } from "#app/features/accounts/registration.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/register-confirm";

export const meta = () => pageMeta("Confirm your account");

export function loader({ url, context }: Route.LoaderArgs) {
  return registrationLinkPage(url, builtInAccountServices(context));
}

export function action({ request, context }: Route.ActionArgs) {
  return confirmRegistration(request, builtInAccountServices(context));
}

export default function RegisterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const page = actionData ?? loaderData;
  return (
    <FormPage title="Sign Up Page" heading="Finish creating your account">
      {page.state === "ready" && (
        // A button, not the link itself: mail programs open links to check them.
        <Form method="post" className="mt-4 space-y-4">
          <p>
            The account for <strong>{page.name}</strong> with the address <span className="break-all">{page.email}</span> is ready to be
            created.
          </p>
          <input type="hidden" name="token" value={page.token} />
          <SubmitButton busy={busy}>Create my account</SubmitButton>
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

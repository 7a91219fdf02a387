import { Form, useNavigation } from "react-router";
import { FormPage } from "#app/components/form-page.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { builtInAccountServices } from "#app/features/accounts/built-in.server.ts";
import { keepLinkPageDataAfterPosts } from "#app/features/accounts/link-page-revalidation.ts";
import { LinkNoLongerWorks } from "#app/features/accounts/components/link-no-longer-works.tsx";
import { confirmEmailChange, emailChangeLinkPage } from "#app/features/accounts/email-change.server.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/email-confirm";

export const meta = () => pageMeta("Confirm your new address");

export function loader({ url, context }: Route.LoaderArgs) {
  return emailChangeLinkPage(url, builtInAccountServices(context));
}

export function action({ request, context }: Route.ActionArgs) {
  return confirmEmailChange(request, builtInAccountServices(context));
}

export const shouldRevalidate = keepLinkPageDataAfterPosts;

export default function EmailConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const page = actionData ?? loaderData;
  return (
    <FormPage title="Profile" heading="Confirm your new address" className="max-w-md">
      {page.state === "ready" && (
        // A button, not the link itself: mail programs open links to check them.
        <Form method="post" className="mt-4 space-y-4">
          <p>
            Your account will use <span className="break-all">{page.email}</span> from now on.
          </p>
          <input type="hidden" name="token" value={page.token} />
          <SubmitButton busy={busy}>Use this address</SubmitButton>
        </Form>
      )}
      {page.state === "done" && (
        <p role="status" className="mt-4">
          Done: your account now uses <span className="break-all">{page.email}</span>. Sign in with it from now on.
        </p>
      )}
      {page.state === "taken" && (
        <p role="alert" className="mt-4">
          Another account started using this address meanwhile, so yours keeps its address.
        </p>
      )}
      {page.state === "expired" && <LinkNoLongerWorks again={{ href: "/profile/email", label: "Send me a new link" }} />}
    </FormPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

import { servicesContext } from "#app/context.ts";
import { FormPage } from "#app/components/form-page.tsx";
import { NewsletterForm } from "#app/features/newsletter/components/newsletter-form.tsx";
import { handleNewsletterSignup } from "#app/features/newsletter/signup.server.ts";
import { site } from "#app/content/site.ts";
import { errorTitle, pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/newsletter";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "Newsletter");

export async function action({ request, context }: Route.ActionArgs) {
  return handleNewsletterSignup(request, context.get(servicesContext));
}

/** Where the footer's sign-up lands without JavaScript, and a page of its own. */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  const failed = actionData?.status === "invalid" || actionData?.status === "rate-limited";
  return (
    <FormPage title="Newsletter" heading="Sign up for course news" className="max-w-xl">
      {actionData && (
        <p role="status" className={`mt-4 rounded-md p-4 ${failed ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900"}`}>
          {actionData.message}
        </p>
      )}
      <p className="my-4 text-muted">{site.newsletterBlurb}</p>
      <NewsletterForm tone="light" />
    </FormPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

export { keepRetryAfter as headers } from "#app/lib/too-many-requests.ts";

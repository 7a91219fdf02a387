import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { FormPage } from "#app/components/form-page.tsx";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { servicesContext } from "#app/context.ts";
import type { newsletterSignupSchema } from "#app/features/newsletter/schemas.ts";
import { handleNewsletterSignup } from "#app/features/newsletter/signup.server.ts";
import { site } from "#app/content/site.ts";
import { EMAIL_MAX_LENGTH } from "#app/lib/text/email.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/newsletter";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "Newsletter");

export async function action({ request, context }: Route.ActionArgs) {
  return handleNewsletterSignup(request, context.get(servicesContext));
}

const answerId = "newsletter-answer";

/**
 * Where the footer's sign-up lands without JavaScript, and a page of its own. Its form keeps a
 * refused address for correcting; the answer above it is the address's description (the form has
 * one field, so the answer is that field's message, and is not repeated beside it).
 */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<typeof newsletterSignupSchema>>({ id: "newsletter", lastResult: actionData?.result });
  const busy = useNavigation().state === "submitting";
  const failed = actionData?.result.status === "error";
  return (
    <FormPage title="Newsletter" heading="Sign up for course news" className="max-w-xl">
      {/* There before any answer, so that one arriving without a page load is announced. */}
      <p
        role="status"
        id={answerId}
        className={actionData ? `mt-4 rounded-md p-4 ${failed ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900"}` : undefined}
      >
        {actionData?.message}
      </p>
      <p className="my-4 text-muted">{site.newsletterBlurb}</p>
      <Form method="post" {...getFormProps(form)} className="w-full">
        <HoneypotField />
        <label htmlFor={fields.email.id} className="mb-2 block font-medium">
          Your email
        </label>
        <div className="flex gap-2">
          <input
            key={fields.email.key}
            id={fields.email.id}
            name={fields.email.name}
            defaultValue={fields.email.initialValue}
            type="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="email"
            placeholder="name@example.com"
            aria-invalid={fields.email.errors ? true : undefined}
            aria-describedby={actionData ? answerId : undefined}
            className="min-w-0 flex-1 rounded-md border border-gray-400 bg-white px-3 py-2 text-ink placeholder:text-gray-600"
          />
          <SubmitButton busy={busy} className="btn-primary shrink-0">
            SignUp
          </SubmitButton>
        </div>
      </Form>
    </FormPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

export { keepRetryAfter as headers } from "#app/lib/http/too-many-requests.ts";

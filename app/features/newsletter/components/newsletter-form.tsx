import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { EMAIL_MAX_LENGTH } from "#app/lib/text/email.ts";
import type { NewsletterAnswer } from "../types.ts";
import { SubmitButton } from "#app/components/submit-button.tsx";

/**
 * The footer's newsletter box: posts to /newsletter. With JavaScript the answer shows in place;
 * without it the browser lands on /newsletter, which shows it. No form state of its own (no
 * Conform): it is on every page, and the home page's JavaScript has no room for it.
 */
export function NewsletterForm() {
  const fetcher = useFetcher<NewsletterAnswer>();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.data;
  const failed = result?.result.status === "error";
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && result && !failed) formRef.current?.reset();
  }, [fetcher.state, result, failed]);

  return (
    <fetcher.Form ref={formRef} method="post" action="/newsletter" noValidate className="w-full">
      <HoneypotField />
      <label htmlFor={`${id}-email`} className="mb-2 block font-medium">
        Your email
      </label>
      {/* The button goes under the field where both would not fit with the whole address showing. */}
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="email"
          placeholder="name@example.com"
          aria-invalid={failed || undefined}
          aria-describedby={`${id}-message`}
          className="min-w-52 flex-1 rounded-md border border-gray-400 bg-white px-3 py-2 text-ink placeholder:text-gray-600"
        />
        <SubmitButton busy={busy} className="btn-primary shrink-0">
          SignUp
        </SubmitButton>
      </div>
      <p id={`${id}-message`} role="status" className={`mt-2 min-h-6 text-sm ${failed ? "text-amber-200" : "text-emerald-200"}`}>
        {busy ? "Signing you up…" : result?.message}
      </p>
    </fetcher.Form>
  );
}

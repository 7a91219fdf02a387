import type { FormResult } from "#app/lib/forms/form-submission.server.ts";

/**
 * What the sign-up action answers, to both forms that post to it: the message they show, and the
 * state of the form for the newsletter page's `useForm` (refused: `result.status` is "error").
 */
export interface NewsletterAnswer {
  message: string;
  result: FormResult;
}

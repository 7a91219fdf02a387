import type { z } from "zod";

/**
 * One message per field, for an answer to a JSON client (the feedback API). A form's action answers
 * Conform's result instead (form-submission.server.ts).
 */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message of each field, from a zod error. */
export function fieldErrors<F extends string>(error: z.ZodError): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as F | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

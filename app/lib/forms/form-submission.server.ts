// How a form's action reads its post and answers a refusal; the page reads the answer with Conform's
// useForm (docs/decisions/014-one-way-to-write-a-form.md). Server only: it brings zod with it.
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * What an action answers about a refused form, for the page's `useForm({ lastResult })`: what was
 * typed (but the fields it hides, passwords always) and the messages, per field and, under "", for
 * the whole form.
 */
export type FormResult = SubmissionResult<string[]>;

/**
 * The post checked by `schema`, or null when Conform cannot read it (a forged `__intent__` or
 * `__state__` field, which it keeps for itself). Conform's coercion is off: the schemas take the
 * text as the form sends it and decide themselves what blank means (most trim first), as they do
 * for the feedback API's JSON. Coercion would turn "" into a missing value inside their pipes too,
 * where zod refuses it with its own message instead of the form's.
 */
export function parseForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  try {
    return parseWithZod(formData, { schema, disableAutoCoercion: true });
  } catch {
    return null;
  }
}

/** The request's form and `parseForm`'s reading of it; null when either cannot be read. */
export async function readForm<Schema extends z.ZodType>(request: Request, schema: Schema) {
  const formData = await request.formData().catch(() => null);
  const submission = formData && parseForm(formData, schema);
  return submission ? { formData, submission } : null;
}

/** One message about the whole form, when none of it was read (too many posts) or could be. */
export const formMessage = (message: string): FormResult => ({ status: "error", error: { "": [message] } });

export const unreadableForm = () => formMessage("We could not read this form. Please try again.");

/**
 * The whole form refused with one message (a filled honeypot, too many attempts): what was typed
 * comes back, but no field is marked, whatever the schema made of it.
 */
export function refuseWhole(submission: Pick<Submission<unknown>, "reply">, message: string, hideFields: string[] = []): FormResult {
  return { ...submission.reply({ hideFields }), status: "error", error: { "": [message] } };
}

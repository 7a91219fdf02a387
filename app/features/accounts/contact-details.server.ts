import { data } from "react-router";
import type { RequestServices } from "#app/context.ts";
import { readForm, unreadableForm, type FormResult } from "#app/lib/forms/form-submission.server.ts";
import { updateContactDetails } from "./queries.server.ts";
import { accountContactSchema } from "./schemas.ts";

/**
 * The profile's form: the person's own phone and address, the only details this site keeps about
 * them. Saved: the result's status is "success", and the form keeps what was typed.
 */
export async function saveContactDetails(request: Request, accountId: string, { db }: RequestServices) {
  const form = await readForm(request, accountContactSchema);
  if (!form) return data<FormResult>(unreadableForm(), { status: 400 });
  const { submission } = form;
  if (submission.status !== "success") return data<FormResult>(submission.reply(), { status: 400 });
  await updateContactDetails(db, accountId, submission.value);
  return data<FormResult>(submission.reply());
}

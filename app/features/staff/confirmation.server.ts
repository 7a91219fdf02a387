import { data } from "react-router";
import type { Confirmation } from "./confirmation.ts";

/**
 * A destructive staff action (delete, unpublish, take off, disable) is done only once confirmed:
 * until the post says `confirmed=yes`, it answers with the question, what will follow, and the
 * post's own fields to send again, which the page shows as a confirmation (a page of its own
 * without JavaScript). Null once confirmed: go ahead.
 */
export function unconfirmed(formData: FormData, ask: Omit<Confirmation, "form" | "fields">) {
  if (formData.get("confirmed") === "yes") return null;
  const fields: [string, string][] = [];
  for (const [name, value] of formData) if (typeof value === "string" && name !== "confirmed") fields.push([name, value]);
  return data<Confirmation>({ form: "confirm", ...ask, fields }, { status: 200 });
}

import { data, redirect } from "react-router";
import { signInHref } from "#app/features/auth/index.ts";
import type { CourseCatalogue } from "./catalogue.server.ts";

/**
 * A course page's form posted by a visitor (often a session that ended meanwhile): sent to sign in
 * and back to the page it names, when that is a course's page; else 401 with `message`.
 */
export function answerSignedOut(fields: Record<string, unknown>, catalogue: CourseCatalogue, message: string) {
  if (typeof fields.return_to === "string" && catalogue.courseAt(fields.return_to)) return redirect(signInHref(fields.return_to), 303);
  return data({ message }, { status: 401 });
}

import { data, redirect } from "react-router";
import { signInHref } from "#app/features/auth/index.ts";
import type { CourseCatalogue } from "./catalogue.server.ts";

// What the course page's forms (lesson progress, rating) share.

/**
 * A course page's form posted by a visitor (often a session that ended meanwhile): sent to sign in
 * and back to the page it names, when that is a course's page; else 401 with `message`.
 */
export function answerSignedOut(fields: Record<string, unknown>, catalogue: CourseCatalogue, message: string) {
  if (typeof fields.return_to === "string" && catalogue.courseAt(fields.return_to)) return redirect(signInHref(fields.return_to), 303);
  return data({ message }, { status: 401 });
}

/** Why a course page's form is refused when the page it names to return to is another's. */
export const notThisCoursePage = "The page to return to is not this course's page.";

/** Whether `returnTo`, when given, is an address of this course (any letter case, with or without a trailing slash). */
export const returnsToCourse = (catalogue: CourseCatalogue, returnTo: string | undefined, slug: string) =>
  returnTo === undefined || catalogue.courseAt(returnTo)?.slug === slug;

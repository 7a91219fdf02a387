import { data, redirect } from "react-router";
import { findVideoCourse } from "#app/content/video-courses.ts";
import { servicesContext } from "#app/context.ts";
import { getUser } from "#app/features/auth/index.server.ts";
import { recordLessonProgress } from "#app/features/courses/progress.server.ts";
import { progressReportSchema } from "#app/features/courses/schemas.ts";
import { signInHref } from "#app/features/auth/sign-in-link.ts";
import type { Route } from "./+types/lesson-progress";

/**
 * Stores a signed-in learner's place in a lesson. The player posts here in the
 * background (answered 204); the "Mark as finished" form names the page to return to.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await request.formData());
  const user = getUser(context);
  if (!user) {
    // The "Mark as finished" form of a session that has since ended: sign in and come back.
    if (typeof fields.return_to === "string" && findVideoCourse(fields.return_to)) {
      return redirect(signInHref(fields.return_to), 303);
    }
    return data({ message: "Sign in to keep your progress." }, { status: 401 });
  }
  const parsed = progressReportSchema.safeParse(fields);
  if (!parsed.success) {
    return data({ message: parsed.error.issues.map((issue) => issue.message).join(" ") }, { status: 400 });
  }
  const { return_to: returnTo, ...report } = parsed.data;
  await recordLessonProgress(context.get(servicesContext).db, user.sub, report);
  if (returnTo) return redirect(`${returnTo}?lesson=${report.lesson}#player`, 303);
  return new Response(null, { status: 204 });
}

/** Nothing to show at this address: progress is only ever posted. */
export function loader() {
  return new Response("Lesson progress is saved with POST.", { status: 405, headers: { Allow: "POST" } });
}

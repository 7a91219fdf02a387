import { data, redirect } from "react-router";
import { servicesContext, userContext } from "../../context.ts";
import { recordLessonProgress } from "../../features/courses/progress.server.ts";
import { progressReportSchema } from "../../features/courses/schemas.ts";
import type { Route } from "./+types/lesson-progress";

/**
 * Stores a signed-in learner's place in a lesson. The player posts here in the
 * background (answered 204); the "Mark as finished" form names the page to return to.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = context.get(userContext);
  if (!signedIn) return data({ message: "Sign in to keep your progress." }, { status: 401 });
  const parsed = progressReportSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data({ message: parsed.error.issues.map((issue) => issue.message).join(" ") }, { status: 400 });
  }
  const { return_to: returnTo, ...report } = parsed.data;
  await recordLessonProgress(context.get(servicesContext).db, signedIn.user.sub, report);
  if (returnTo) return redirect(`${returnTo}?lesson=${report.lesson}#player`, 303);
  return new Response(null, { status: 204 });
}

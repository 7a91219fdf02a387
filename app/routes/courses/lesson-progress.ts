import { data, redirect } from "react-router";
import { servicesContext } from "#app/context.ts";
import { getUser } from "#app/features/auth/index.server.ts";
import { courseCatalogue } from "#app/features/courses/catalogue.server.ts";
import { readProgressReport } from "#app/features/courses/progress-report.server.ts";
import { recordLessonProgress } from "#app/features/courses/progress.server.ts";
import { committedSoon } from "#app/lib/db/grouped-writes.server.ts";
import { awardCertificates } from "#app/features/certificates/index.server.ts";
import { answerSignedOut } from "#app/features/courses/course-page-forms.server.ts";
import type { Route } from "./+types/lesson-progress";

/**
 * Stores a signed-in learner's place in a lesson. The player posts here in the
 * background (answered 204); the "Mark as finished" form names the page to return to.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await request.formData());
  const { db } = context.get(servicesContext);
  const catalogue = await courseCatalogue(db);
  const user = getUser(context);
  if (!user) return answerSignedOut(fields, catalogue, "Sign in to keep your progress.");
  const reading = readProgressReport(fields, catalogue);
  if (!reading.ok) return data({ message: reading.message }, { status: 400 });
  const { report, returnTo } = reading;
  await committedSoon(db, (unit) => recordLessonProgress(unit, user.sub, report));
  // A lesson finished may complete the course (an error answers the post, which is sent again).
  if (report.finished) await awardCertificates(db, user, [report.course]);
  if (returnTo) return redirect(`${returnTo}?lesson=${report.lesson}#player`, 303);
  return new Response(null, { status: 204 });
}

/** Nothing to show at this address: progress is only ever posted. */
export function loader() {
  return new Response("Lesson progress is saved with POST.", { status: 405, headers: { Allow: "POST" } });
}

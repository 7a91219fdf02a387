import { data, redirect } from "react-router";
import { servicesContext } from "#app/context.ts";
import { getUser } from "#app/features/auth/index.server.ts";
import { answerSignedOut } from "#app/features/courses/course-page-forms.server.ts";
import { courseCatalogue } from "#app/features/courses/catalogue.server.ts";
import { rateCourse } from "#app/features/courses/ratings.server.ts";
import type { Route } from "./+types/course-rating";

/** Stores a learner's rating of a course they started: the course page's rating form posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await request.formData());
  const { db } = context.get(servicesContext);
  const catalogue = await courseCatalogue(db);
  const user = getUser(context);
  if (!user) return answerSignedOut(fields, catalogue, "Sign in to rate a course.");
  const rated = await rateCourse(db, catalogue, user.sub, fields);
  if (!rated.ok) return data({ message: rated.message }, { status: rated.status });
  return rated.returnTo ? redirect(`${rated.returnTo}#rating`, 303) : new Response(null, { status: 204 });
}

/** Nothing to show at this address: ratings are only ever posted. */
export function loader() {
  return new Response("Ratings are saved with POST.", { status: 405, headers: { Allow: "POST" } });
}

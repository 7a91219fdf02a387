import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import type { CourseCatalogue } from "./catalogue.server.ts";
import { notThisCoursePage, returnsToCourse } from "./course-page-forms.server.ts";
import { courseRatingSchema } from "./schemas.ts";

type RatingResult = { ok: true; returnTo?: string } | { ok: false; status: 400 | 403 | 404; message: string };

/**
 * Stores a signed-in learner's stars for a published course, replacing their earlier ones. Only a
 * learner who started the course (a lesson of it in their progress) may rate it: a rating says
 * something about the course only from someone who took it.
 */
export async function rateCourse(
  db: Kysely<Database>,
  catalogue: CourseCatalogue,
  userSub: string,
  fields: Record<string, unknown>,
): Promise<RatingResult> {
  const parsed = courseRatingSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues.map((issue) => issue.message).join(" ") };
  const { course: slug, stars, return_to: returnTo } = parsed.data;
  const course = catalogue.course(slug);
  if (!course) return { ok: false, status: 404, message: "There is no such course." };
  if (!returnsToCourse(catalogue, returnTo, slug)) return { ok: false, status: 400, message: notThisCoursePage };
  const started = await db
    .selectFrom("lesson_progress")
    .select("lesson_id")
    .where("user_sub", "=", userSub)
    .where("course_slug", "=", slug)
    .limit(1)
    .executeTakeFirst();
  if (!started) return { ok: false, status: 403, message: `Start a lesson of ${course.title} before rating it.` };
  const now = new Date().toISOString();
  await db
    .insertInto("course_ratings")
    .values({ course_slug: slug, user_sub: userSub, stars, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.columns(["course_slug", "user_sub"]).doUpdateSet({ stars, updated_at: now }))
    .execute();
  return { ok: true, returnTo };
}

import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { getUser } from "#app/features/auth/index.server.ts";
import { courseCatalogue } from "#app/features/courses/catalogue.server.ts";
import { CoursePageView } from "#app/features/courses/components/course-page-view.tsx";
import { loadCoursePage } from "#app/features/courses/course-page.server.ts";
import { courseProgressView } from "#app/features/courses/course-progress.server.ts";
import { courseProgressData } from "#app/features/courses/types.ts";
import { personalOf } from "#app/lib/personal/personal-data.ts";
import { notFoundAt } from "#app/lib/http/malformed-address.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/video-course";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";

/**
 * A video course page, chosen by its address (any of the course's, stored with it); `?lesson=N`
 * picks the lesson, else a signed-in learner's last. `progress` is the learner's: the rest is the
 * same for everyone.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, media, fileAddress } = context.get(servicesContext);
  const course = (await courseCatalogue(db)).courseAt(url.pathname);
  if (!course) throw notFoundAt(url.pathname, "No such course");
  const progress = await courseProgressView(db, getUser(context)?.sub ?? null, course);
  const page = await loadCoursePage({
    db,
    media,
    course,
    posterAddress: fileAddress(course.image.src),
    requestedLesson: url.searchParams.get("lesson"),
    resumeLesson: progress.resumeLesson,
  });
  if (!page) throw data("No such lesson", { status: 404 });
  return { ...page, progress };
}

export const meta = ({ loaderData, error }: Route.MetaArgs) => pageMeta(loaderData?.course.title ?? errorTitle(error));

export const handle = sameForEveryVisitor(["media", "courses"], courseProgressData);

export default function VideoCourse({ loaderData }: Route.ComponentProps) {
  const progress = personalOf(courseProgressData, loaderData, loaderData.progress);
  return <CoursePageView {...loaderData} progress={progress} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

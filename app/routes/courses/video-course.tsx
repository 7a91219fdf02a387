import { data } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { findVideoCourse, videoCourses } from "../../content/video-courses.ts";
import { errorTitle, pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/video-course";

/** A video course page, chosen by its address (see content/video-courses.ts). */
export function loader({ request }: Route.LoaderArgs) {
  const course = findVideoCourse(new URL(request.url).pathname);
  if (!course) throw data("No such course", { status: 404 });
  return { slug: course.slug };
}

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  pageMeta(videoCourses.find((c) => c.slug === loaderData?.slug)?.title ?? errorTitle(error));

// The lessons and their player arrive with the learning feature; until then
// the page shows only its header, as agreed for this stage.
export default function VideoCourse({ loaderData }: Route.ComponentProps) {
  const course = videoCourses.find((c) => c.slug === loaderData.slug)!;
  return <PageHeader title={course.title} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";

import { data, Link } from "react-router";
import { servicesContext } from "#app/context.ts";
import { CoursePageView } from "#app/features/courses/components/course-page-view.tsx";
import { loadCoursePage } from "#app/features/courses/course-page.server.ts";
import { coursePreview } from "#app/features/courses/course-preview.server.ts";
import { signedOutProgress } from "#app/features/courses/types.ts";
import { requireTeamAccess } from "#app/features/teams/access.server.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/course-preview";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  pageMeta(loaderData ? `Preview: ${loaderData.course.title}` : errorTitle(error));

/** The course page as learners will see it, for its team: a draft course and draft lessons included, nothing kept. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireTeamAccess(context, "course", params.slug, url.pathname);
  const { db, media, fileAddress } = context.get(servicesContext);
  const preview = await coursePreview(db, params.slug);
  if (!preview) throw data("No such course", { status: 404 });
  const page = await loadCoursePage({
    db,
    media,
    course: preview.course,
    posterAddress: fileAddress(preview.course.image.src),
    requestedLesson: url.searchParams.get("lesson"),
    resumeLesson: null,
  });
  if (!page) throw data("No such lesson", { status: 404 });
  return { ...page, status: preview.status, draftLessons: preview.draftLessons };
}

const statusWords = { draft: "a draft", published: "published", archived: "archived" } as const;

export default function CoursePreview({ loaderData }: Route.ComponentProps) {
  const { course, status, draftLessons } = loaderData;
  return (
    <>
      <aside aria-label="Preview" className="border-b-2 border-amber-400 bg-amber-50 px-4 py-3 text-amber-950">
        <p className="mx-auto max-w-6xl">
          <strong>Preview:</strong> the course page as learners will see it once published. The course is {statusWords[status]}
          {draftLessons.length > 0 && (
            <>
              ; {draftLessons.length === 1 ? "lesson" : "lessons"} {draftLessons.join(", ")}{" "}
              {draftLessons.length === 1 ? "is a draft" : "are drafts"}, shown here only
            </>
          )}
          . Progress is not kept.{" "}
          <Link to={`/staff/courses/${course.slug}`} className="font-semibold underline">
            Back to the course's editor
          </Link>
        </p>
      </aside>
      <CoursePageView {...loaderData} progress={signedOutProgress} />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

import { Link } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { servicesContext } from "#app/context.ts";
import { staffCourseList } from "#app/features/courses/editing/course-editor.server.ts";
import { visibleToStaff } from "#app/features/teams/access.server.ts";
import { ArchivedList } from "#app/features/staff/components/archived-list.tsx";
import { StatusBadge } from "#app/features/staff/components/status-badge.tsx";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import type { Route } from "./+types/courses";
import { collegeDay } from "#app/lib/text/college-time.ts";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "Courses (staff)");

/** The courses this teacher is on the team of (every course, for an administrator), drafts included. */
export async function loader({ context }: Route.LoaderArgs) {
  const { visible, everything } = await visibleToStaff(context, "course");
  return { courses: (await staffCourseList(context.get(servicesContext).db)).filter((course) => visible(course.slug)), everything };
}

export default function StaffCourses({ loaderData }: Route.ComponentProps) {
  const courses = loaderData.courses.filter((course) => course.status !== "archived");
  const archived = loaderData.courses.filter((course) => course.status === "archived");
  return (
    <>
      <PageHeader title="Courses (staff)" trail={staffTrail.area} />
      <section className="section" aria-labelledby="courses-heading">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <h2 id="courses-heading" className="text-2xl font-bold">
            {loaderData.everything ? `${courses.length} courses` : `Your courses: ${courses.length}`}
          </h2>
          <Link to="/staff/courses/new" className="btn-primary">
            New course
          </Link>
        </div>
        {!loaderData.everything && (
          <p className="mb-4 text-muted">The courses whose team you are on. To work on another, ask one of its owners to add you.</p>
        )}
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <thead className="border-b-2 border-gray-300">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Course
                </th>
                <th scope="col" className="py-2 pr-4">
                  Status
                </th>
                <th scope="col" className="py-2 pr-4">
                  Lessons
                </th>
                <th scope="col" className="py-2">
                  Last changed
                </th>
              </tr>
            </thead>
            <tbody>
              {courses.map((course) => (
                <tr key={course.slug} className="border-b border-gray-200">
                  <td className="py-3 pr-4">
                    <Link to={`/staff/courses/${course.slug}`} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
                      {course.title}
                    </Link>
                  </td>
                  <td className="py-3 pr-4">
                    <StatusBadge status={course.status} />
                  </td>
                  <td className="py-3 pr-4">
                    {course.published} published{course.drafts > 0 && `, ${course.drafts} draft${course.drafts === 1 ? "" : "s"}`}
                  </td>
                  <td className="py-3">
                    <time dateTime={course.updated_at}>{collegeDay(course.updated_at)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ArchivedList
          heading="Archived courses"
          items={archived.map((course) => ({ href: `/staff/courses/${course.slug}`, title: course.title, updatedAt: course.updated_at }))}
        />
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

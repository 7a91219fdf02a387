import { data, Link } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { requireUser, type ForbiddenData } from "#app/features/auth/index.server.ts";
import { staffAreasFor } from "#app/features/staff/staff-areas.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import type { Route } from "./+types/index";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "Staff area");

/** Where teachers, moderators and administrators start: the parts of the staff area their role opens. */
export function loader({ context }: Route.LoaderArgs) {
  const { user } = requireUser(context, "/staff");
  const areas = staffAreasFor(user.role);
  if (!areas.length) {
    throw data<ForbiddenData>(
      { message: "The staff area is for teachers, moderators and administrators. You are signed in as a student." },
      { status: 403 },
    );
  }
  return { areas };
}

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Staff area" trail={staffTrail.start} />
      <section className="section" aria-label="Parts of the staff area">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.areas.map((area) => (
            <li key={area.href} className="rounded-lg border border-gray-200 p-6 shadow-sm">
              <h2 className="text-xl font-bold">
                <Link
                  to={area.href}
                  reloadDocument={area.download}
                  download={area.download}
                  className="text-brand-800 underline-offset-4 hover:underline"
                >
                  {area.label}
                </Link>
              </h2>
              <p className="mt-2 text-muted">{area.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

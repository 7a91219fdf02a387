import { NavLink, Outlet } from "react-router";
import { getUser } from "#app/features/auth/index.server.ts";
import { staffAreasFor } from "#app/features/staff/staff-areas.ts";
import { COURSE_IMAGE_MAX_MB } from "#app/features/courses/limits.ts";
import type { RouteHandle } from "#app/lib/http/route-handle.ts";
import { LeaveGuard } from "#app/features/staff/components/leave-guard.tsx";
import type { Route } from "./+types/layout";

/**
 * Staff forms carry a course picture, captions or a quiz file. A teacher's over the limit (a
 * picture far too large) is read without its file, so the page says so and keeps what was typed;
 * beyond 512 MB (a long video chosen by mistake) it is refused at once.
 */
export const handle: RouteHandle = {
  body: { maxBytes: (COURSE_IMAGE_MAX_MB + 1) * 1024 * 1024, formsReadUpTo: 512 * 1024 * 1024, pace: "steady" },
};

/** The staff area's menu: each page checks its own role; the menu shows the areas this person may open. */
export function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  return { areas: user ? staffAreasFor(user.role) : [] };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const { areas } = loaderData;
  return (
    <>
      {areas.length > 0 && (
        <nav aria-label="Staff area" className="border-b border-gray-200 bg-gray-50">
          <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-3">
            <li>
              <NavLink
                to="/staff"
                end
                className="font-semibold text-brand-800 underline-offset-4 hover:underline aria-[current=page]:underline"
              >
                Staff area
              </NavLink>
            </li>
            {areas.map((area) => (
              <li key={area.href}>
                {area.download ? (
                  <a href={area.href} download className="text-brand-800 underline-offset-4 hover:underline">
                    {area.label}
                  </a>
                ) : (
                  <NavLink
                    to={area.href}
                    className="text-brand-800 underline-offset-4 hover:underline aria-[current=page]:font-semibold aria-[current=page]:underline"
                  >
                    {area.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
      <LeaveGuard />
      <Outlet />
    </>
  );
}

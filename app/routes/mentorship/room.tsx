import { Link } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { servicesContext } from "#app/context.ts";
import { requireUser } from "#app/features/auth/index.server.ts";
import { LiveRoom } from "#app/features/mentorship/components/live-room.tsx";
import { roomPage } from "#app/features/mentorship/room-pages.server.ts";
import { sessionTime } from "#app/features/mentorship/slot-views.server.ts";
import { viewerZone } from "#app/features/mentorship/viewer-zone.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/room";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "Live room");

/** An online booking's live room: for its mentor, its student and administrators. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { user } = requireUser(context, url.pathname);
  const page = await roomPage(context.get(servicesContext), user, params.id);
  return { ...page, when: sessionTime(page.startsAt, page.endsAt, viewerZone(url).zone) };
}

export default function Room({ loaderData }: Route.ComponentProps) {
  const { bookingId, role, mentorName, studentName, when, closed, chat } = loaderData;
  const hydrated = useHydrated();
  return (
    <>
      <PageHeader
        title="Live room"
        trail={[
          { label: "Home", href: "/" },
          { label: "Mentorship", href: "/mentorship" },
        ]}
      />
      <section className="section max-w-5xl" aria-labelledby="room-heading">
        <h2 id="room-heading" className="text-2xl font-bold">
          {studentName} with {mentorName}
        </h2>
        <p className="mt-2">{when}</p>
        {role === "admin" && <p className="mt-2 text-muted">You enter as an administrator: the others see you named as one.</p>}
        <noscript>
          <p className="mt-4 rounded-md bg-amber-50 p-4 text-amber-900">
            The live room needs JavaScript, for the camera, the microphone and the connection between you. Turn it on, or use a browser that
            has it, to join.
          </p>
        </noscript>
        {hydrated ? (
          <LiveRoom bookingId={bookingId} initialChat={chat} closed={closed} />
        ) : (
          <p className="mt-6 text-muted">Opening the room…</p>
        )}
        <p className="mt-8">
          <Link to={`/mentorship/bookings/${bookingId}`} className="underline">
            Back to the booking
          </Link>
        </p>
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

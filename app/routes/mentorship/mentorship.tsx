import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { servicesContext } from "#app/context.ts";
import { getUser, requireUser } from "#app/features/auth/index.server.ts";
import { signInHref } from "#app/features/auth/sign-in-link.ts";
import { ZonePicker } from "#app/features/mentorship/components/zone-picker.tsx";
import { mentorshipPage, renewFeed } from "#app/features/mentorship/pages.server.ts";
import { sessionTime, zoneChoice } from "#app/features/mentorship/slot-views.server.ts";
import { viewerZone } from "#app/features/mentorship/viewer-zone.ts";
import type { SessionListing } from "#app/features/mentorship/bookings.server.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/mentorship";

export const meta = () => pageMeta("Mentorship", "Book live sessions with the college's mentors, online or on campus.");

/** Hybrid learning's live part: the mentors, how to book, and a signed-in person's sessions and calendar address. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const page = await mentorshipPage(context.get(servicesContext), getUser(context));
  const zone = viewerZone(url);
  const listed = (session: SessionListing) => ({
    id: session.id,
    when: sessionTime(session.startsAt, session.endsAt, zone.zone),
    mentorName: session.mentorName,
    where: session.mode === "campus" ? `On campus, ${session.room}` : "Online",
    status: session.status,
    attendance: session.attendance,
  });
  return {
    mentors: page.mentors.map(({ slug, name, bio, subjects }) => ({ slug, name, bio, subjects })),
    mine: page.mine && {
      upcoming: page.mine.upcoming.map(listed),
      past: page.mine.past.slice(0, 20).map(listed),
      feedUrl: page.mine.feedUrl,
    },
    zone: zoneChoice(zone),
    renewed: url.searchParams.get("feed") === "renewed",
  };
}

export async function action({ context }: Route.ActionArgs) {
  const { user } = requireUser(context, "/mentorship");
  return renewFeed(context.get(servicesContext), user);
}

function SessionList({
  sessions,
  empty,
}: {
  sessions: { id: string; when: string; mentorName: string; where: string; status: string; attendance: string | null }[];
  empty: string;
}) {
  if (sessions.length === 0) return <p className="mt-2 text-muted">{empty}</p>;
  return (
    <ul className="mt-2 space-y-2">
      {sessions.map((session) => (
        <li key={session.id}>
          <Link to={`/mentorship/bookings/${session.id}`} className="underline">
            {session.when} with {session.mentorName}
          </Link>{" "}
          ({session.where}
          {session.status === "cancelled"
            ? ", cancelled"
            : session.attendance === "no-show"
              ? ", missed"
              : session.attendance === "attended"
                ? ", attended"
                : ""}
          )
        </li>
      ))}
    </ul>
  );
}

export default function Mentorship({ loaderData }: Route.ComponentProps) {
  const { mentors, mine, zone, renewed } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title="Mentorship" />
      <section className="section max-w-4xl" aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-2xl font-bold">
          Live help from a mentor
        </h2>
        <p className="mt-3">
          Stuck on a lesson or a quiz? Book a session in a mentor&apos;s office hours: choose a time, say in a line what you need help with,
          and meet them online or in a room on campus. You get a confirmation with a calendar invitation, and reminders a day and an hour
          before.
        </p>
      </section>
      <section className="section max-w-4xl pt-0" aria-labelledby="mentors-heading">
        <h2 id="mentors-heading" className="text-xl font-bold">
          Our mentors
        </h2>
        {mentors.length === 0 ? (
          <p className="mt-2 text-muted">No mentor has office hours yet. Please look again soon.</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {mentors.map((mentor) => (
              <li key={mentor.slug} className="rounded-lg border border-gray-200 p-4 shadow-sm">
                <h3 className="text-lg font-bold">
                  <Link to={`/mentorship/${mentor.slug}`} className="underline-offset-4 hover:underline">
                    {mentor.name}
                  </Link>
                </h3>
                {mentor.subjects.length > 0 && <p className="text-sm font-medium text-brand-800">{mentor.subjects.join(", ")}</p>}
                {mentor.bio && <p className="mt-2 text-sm text-muted">{mentor.bio}</p>}
                <Link
                  to={`/mentorship/${mentor.slug}`}
                  className="mt-3 inline-block underline"
                  aria-label={`Book a session with ${mentor.name}`}
                >
                  Book a session
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="section max-w-4xl pt-0" aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="text-xl font-bold">
          Your sessions
        </h2>
        {mine ? (
          <>
            <ZonePicker {...zone} />
            <h3 className="mt-4 font-semibold">Coming up</h3>
            <SessionList sessions={mine.upcoming} empty="None booked." />
            <h3 className="mt-4 font-semibold">Past and cancelled</h3>
            <SessionList sessions={mine.past} empty="None yet." />
            <section id="calendar" aria-labelledby="calendar-heading" className="mt-6 rounded-md bg-brand-50 p-4">
              <h3 id="calendar-heading" className="font-semibold">
                Your calendar address
              </h3>
              {renewed && (
                <p role="status" className="mt-2 font-medium text-green-900">
                  This is your new address: the old one no longer works.
                </p>
              )}
              <p className="mt-2 text-sm">
                Subscribe to it in your calendar app to see your sessions there. It is private: anyone with it sees your sessions.
              </p>
              <p className="mt-2 break-all">
                <code>{mine.feedUrl}</code>
              </p>
              <Form method="post" className="mt-3">
                <SubmitButton busy={busy} className="btn-light border border-brand-700">
                  Make a new address (the old one stops working)
                </SubmitButton>
              </Form>
            </section>
          </>
        ) : (
          <p className="mt-2">
            <Link to={signInHref("/mentorship")} className="underline">
              Sign in
            </Link>{" "}
            to see your sessions.
          </p>
        )}
      </section>
    </>
  );
}

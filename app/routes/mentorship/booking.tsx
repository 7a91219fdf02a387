import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { TextField } from "#app/components/text-field.tsx";
import { servicesContext } from "#app/context.ts";
import { requireUser } from "#app/features/auth/index.server.ts";
import { ZonePicker } from "#app/features/mentorship/components/zone-picker.tsx";
import { NOTES_MAX } from "#app/features/mentorship/limits.ts";
import { bookingAction, bookingPage } from "#app/features/mentorship/pages.server.ts";
import { sessionTime, zoneChoice } from "#app/features/mentorship/slot-views.server.ts";
import { viewerZone } from "#app/features/mentorship/viewer-zone.ts";
import { formatInZone } from "#app/features/mentorship/zoned-time.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import type { z } from "zod";
import type { attendanceSchema } from "#app/features/mentorship/schemas.ts";
import type { Route } from "./+types/booking";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "Mentoring session");

/** A booking's page, for its student, its mentor and administrators: when, where, and what can be done. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { user } = requireUser(context, url.pathname);
  const page = await bookingPage(context.get(servicesContext), user, params.id);
  const zone = viewerZone(url);
  const when = (iso: string | null) => (iso ? formatInZone(iso, zone.zone) : null);
  return {
    ...page,
    when: sessionTime(page.slot.startsAt, page.slot.endsAt, zone.zone),
    cancelUntil: when(page.cancel.until),
    reminders: page.reminders.map((reminder) => ({
      label: reminder.label,
      state: !reminder.mail
        ? null
        : reminder.mail.status === "sent"
          ? `sent ${when(reminder.mail.delivered_at)}`
          : reminder.mail.status === "failed"
            ? "could not be sent"
            : `to be sent ${when(reminder.mail.next_attempt_at)}`,
    })),
    begun: Date.parse(page.slot.startsAt) <= Date.now(),
    zone: zoneChoice(zone),
    confirmingCancel: url.searchParams.has("cancel"),
    notice: url.searchParams.has("booked")
      ? "Booked. A confirmation with a calendar invitation is on its way to you and your mentor."
      : url.searchParams.has("cancelled")
        ? "The booking is cancelled. You and your mentor get a mail that takes it off your calendars."
        : url.searchParams.has("recorded")
          ? "Saved."
          : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = requireUser(context, `/mentorship/bookings/${params.id}`);
  return bookingAction(context.get(servicesContext), user, params.id, request);
}

const attendanceWords = { attended: "Attended", "no-show": "Did not come (no-show)" } as const;

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { as, booking, slot, mentor, where, cancel, canRecord, begun, chat, when, cancelUntil, reminders, zone, confirmingCancel, notice } =
    loaderData;
  const [form, fields] = useForm<z.input<typeof attendanceSchema>>({ id: "booking", lastResult: actionData });
  const busy = useNavigation().state === "submitting";
  const cancelled = booking.status === "cancelled";
  return (
    <>
      <PageHeader
        title="Mentoring session"
        trail={[
          { label: "Home", href: "/" },
          { label: "Mentorship", href: "/mentorship" },
        ]}
      />
      <section className="section max-w-3xl" aria-labelledby="booking-heading">
        {notice && (
          <p role="status" className="mb-4 rounded-md bg-green-50 p-4 text-green-900">
            {notice}
          </p>
        )}
        {form.errors?.[0] && (
          <p role="alert" className="mb-4 rounded-md bg-amber-50 p-4 text-amber-900">
            {form.errors[0]}
          </p>
        )}
        <h2 id="booking-heading" className="text-2xl font-bold">
          {as === "student" ? `Your session with ${mentor.name}` : `${booking.studentName} with ${mentor.name}`}
          {cancelled && " (cancelled)"}
        </h2>
        {as === "admin" && <p className="mt-2 text-muted">You see this booking as an administrator.</p>}
        <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">When</dt>
          <dd>{when}</dd>
          <dt className="font-semibold">Where</dt>
          <dd>
            {slot.mode === "campus" ? (
              where
            ) : booking.meetingUrl ? (
              <>
                Online, at{" "}
                <a href={booking.meetingUrl} className="underline">
                  {booking.meetingUrl}
                </a>
              </>
            ) : (
              <>
                Online, in the session&apos;s{" "}
                {/* A document of its own: only the room's page may use the camera and microphone (its Permissions-Policy). */}
                <Link to={`/mentorship/bookings/${booking.id}/room`} reloadDocument className="underline">
                  live room
                </Link>{" "}
                (it opens 15 minutes before the start; joining needs JavaScript)
              </>
            )}
          </dd>
          <dt className="font-semibold">Mentor</dt>
          <dd>
            <Link to={`/mentorship/${mentor.slug}`} className="underline">
              {mentor.name}
            </Link>
          </dd>
          {as !== "student" && (
            <>
              <dt className="font-semibold">Student</dt>
              <dd>{booking.studentName}</dd>
            </>
          )}
          <dt className="font-semibold">About</dt>
          <dd>
            {booking.reason}
            {booking.about && (
              <>
                {" "}
                (
                <Link to={booking.about.path} className="underline">
                  {booking.about.title}
                </Link>
                )
              </>
            )}
          </dd>
          {cancelled && (
            <>
              <dt className="font-semibold">Cancelled by</dt>
              <dd>{booking.cancelledBy === "student" ? "the student" : booking.cancelledBy === "mentor" ? "the mentor" : "the college"}</dd>
            </>
          )}
          {booking.attendance && (
            <>
              <dt className="font-semibold">Session</dt>
              <dd>{attendanceWords[booking.attendance]}</dd>
            </>
          )}
        </dl>
        {booking.notes && (
          <section aria-labelledby="notes-heading" className="mt-6 rounded-md bg-brand-50 p-4">
            <h3 id="notes-heading" className="font-bold">
              Notes from {mentor.name}
            </h3>
            <p className="mt-2 whitespace-pre-line">{booking.notes}</p>
          </section>
        )}
        {chat.length > 0 && (
          <section aria-labelledby="chat-heading" className="mt-6">
            <h3 id="chat-heading" className="font-bold">
              Chat from the live room
            </h3>
            <ol className="mt-2 space-y-1">
              {chat.map((line) => (
                <li key={line.id}>
                  <span className="font-medium">{line.name}:</span> {line.text}
                </li>
              ))}
            </ol>
          </section>
        )}
        <ZonePicker {...zone} />
        {!cancelled && reminders.some((reminder) => reminder.state) && (
          <section aria-labelledby="reminders-heading" className="mt-6">
            <h3 id="reminders-heading" className="font-bold">
              Reminders by mail
            </h3>
            <ul className="mt-2 list-disc pl-6">
              {reminders.map((reminder) => reminder.state && <li key={reminder.label}>{`${reminder.label}: ${reminder.state}`}</li>)}
            </ul>
          </section>
        )}
        {!cancelled && cancel.allowed && (
          <div className="mt-6">
            {confirmingCancel ? (
              <Form method="post" {...getFormProps(form)} className="rounded-md border border-red-300 p-4">
                <p className="font-semibold">Cancel this booking? Its place goes to another student.</p>
                <div className="mt-3 flex flex-wrap gap-4">
                  <SubmitButton busy={busy} name="intent" value="cancel" className="btn bg-red-700 text-white hover:bg-red-800">
                    Yes, cancel it
                  </SubmitButton>
                  <Link to="." className="underline">
                    Keep it
                  </Link>
                </div>
              </Form>
            ) : (
              <>
                <Link to="?cancel=1" className="btn-light border border-red-700 text-red-800">
                  Cancel this booking
                </Link>
                {as === "student" && <p className="mt-2 text-sm text-muted">You can cancel until {cancelUntil}.</p>}
              </>
            )}
          </div>
        )}
        {!cancelled && !cancel.allowed && as === "student" && !begun && (
          <p className="mt-6 text-muted">
            The time to cancel ended {cancelUntil} ({cancel.cutoffHours} hours before the start). Please write to your mentor instead.
          </p>
        )}
        {canRecord && (
          <Form method="post" {...getFormProps(form)} className="mt-8 space-y-4 rounded-md border border-gray-300 p-4">
            <fieldset>
              <legend className="font-bold">How did the session go?</legend>
              {(["attended", "no-show"] as const).map((value) => (
                <div key={value} className="mt-2">
                  <input
                    type="radio"
                    id={`attendance-${value}`}
                    name="attendance"
                    value={value}
                    defaultChecked={booking.attendance === value}
                    required
                    className="mr-2"
                  />
                  <label htmlFor={`attendance-${value}`}>{attendanceWords[value]}</label>
                </div>
              ))}
              {fields.attendance.errors?.[0] && <p className="mt-2 font-medium text-red-800">{fields.attendance.errors[0]}</p>}
            </fieldset>
            <TextField
              id="notes"
              name="notes"
              label="Notes for the student (optional)"
              hint="What you went through and what to do next. The student reads them on this page."
              error={fields.notes.errors?.[0]}
              defaultValue={booking.notes ?? ""}
              multiline
              rows={5}
              maxLength={NOTES_MAX}
            />
            <SubmitButton busy={busy} name="intent" value="record">
              Save
            </SubmitButton>
          </Form>
        )}
        <p className="mt-8">
          <Link to="/mentorship" className="underline">
            All your sessions
          </Link>
        </p>
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

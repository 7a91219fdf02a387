import { Form, Link } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { SelectField } from "#app/components/select-field.tsx";
import { TextField } from "#app/components/text-field.tsx";
import { servicesContext } from "#app/context.ts";
import { requireContentStaff } from "#app/features/staff/access.server.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import { FormProblem } from "#app/features/staff/components/form-problem.tsx";
import { SavedNotice } from "#app/features/staff/components/publication-section.tsx";
import { BIO_MAX, ROOM_NAME_MAX, SLOT_CAPACITY_MAX, SLOT_MINUTES } from "#app/features/mentorship/limits.ts";
import { mentoringAction, mentoringPage } from "#app/features/mentorship/staff-pages.server.ts";
import { weekdayNames } from "#app/features/mentorship/zoned-time.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/mentoring";

const pagePath = "/staff/mentoring";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "Mentoring");

const savedWords: Record<string, string> = {
  profile: "Your profile is saved.",
  hours: "The office hours are added: students can book their slots now.",
  "hours-removed": "The office hours are removed. Sessions already booked stay booked.",
  "day-off": "The day off is added: none of your slots is offered that day. Sessions booked on it before stay booked.",
  "day-off-removed": "The day off is removed.",
};

/** A mentor's own page: profile, weekly office hours, days off, and their sessions. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { user } = requireContentStaff(context, pagePath);
  const page = await mentoringPage(context.get(servicesContext), user);
  return { ...page, saved: savedWords[url.searchParams.get("saved") ?? ""] ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireContentStaff(context, pagePath);
  return mentoringAction(context.get(servicesContext), user, request);
}

const fieldError = (reply: Route.ComponentProps["actionData"], form: string, field: string) =>
  reply?.form === form ? reply.result?.error?.[field]?.[0] : undefined;
const typed = (reply: Route.ComponentProps["actionData"], form: string, field: string): string | undefined => {
  if (reply?.form !== form) return undefined;
  const value = (reply.result?.initialValue as Record<string, unknown> | undefined)?.[field];
  return typeof value === "string" ? value : undefined;
};

export default function Mentoring({ loaderData, actionData }: Route.ComponentProps) {
  const { mentor, courses, collegeZone, saved } = loaderData;
  const problem = (form: string) => (actionData?.form === form ? actionData.message : undefined);
  if (!mentor)
    return (
      <>
        <PageHeader title="Mentoring" trail={staffTrail.area} />
        <section className="section max-w-3xl">
          <h2 className="text-2xl font-bold">You are not a mentor</h2>
          <p className="mt-3">
            An administrator makes teachers mentors, on the Mentors page of the staff area. Ask yours if you would like to hold office
            hours.
          </p>
        </section>
      </>
    );
  const { periods, daysOff, today, upcoming, past } = loaderData;
  return (
    <>
      <PageHeader title="Mentoring" trail={staffTrail.area} />
      <div className="section max-w-4xl space-y-10">
        <SavedNotice message={saved} />
        <p>
          Students book you at{" "}
          <Link to={`/mentorship/${mentor.slug}`} className="underline">
            /mentorship/{mentor.slug}
          </Link>
          . Office hours are in the college&apos;s time: {collegeZone}. Students see them in their own zone.
        </p>

        <section aria-labelledby="sessions-heading">
          <h2 id="sessions-heading" className="text-xl font-bold">
            Your sessions
          </h2>
          <h3 className="mt-3 font-semibold">Coming up</h3>
          {upcoming.length === 0 ? (
            <p className="text-muted">None booked.</p>
          ) : (
            <ul className="mt-2 space-y-1">
              {upcoming.map((session) => (
                <li key={session.id}>
                  <Link to={`/mentorship/bookings/${session.id}`} className="underline">
                    {session.when}: {session.studentName}
                  </Link>{" "}
                  ({session.reason})
                </li>
              ))}
            </ul>
          )}
          <h3 className="mt-3 font-semibold">Past and cancelled</h3>
          {past.length === 0 ? (
            <p className="text-muted">None yet.</p>
          ) : (
            <ul className="mt-2 space-y-1">
              {past.map((session) => (
                <li key={session.id}>
                  <Link to={`/mentorship/bookings/${session.id}`} className="underline">
                    {session.when}: {session.studentName}
                  </Link>{" "}
                  (
                  {session.status === "cancelled"
                    ? "cancelled"
                    : session.attendance === "attended"
                      ? "attended"
                      : session.attendance === "no-show"
                        ? "no-show"
                        : "not recorded yet"}
                  )
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="hours-heading">
          <h2 id="hours-heading" className="text-xl font-bold">
            Weekly office hours
          </h2>
          <FormProblem message={problem("remove")} />
          {periods.length === 0 ? (
            <p className="mt-2 text-muted">None yet: add the hours you keep each week.</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {periods.map((period) => (
                <li key={period.id} className="flex flex-wrap items-center gap-3">
                  <span>
                    {period.day}s, {period.starts} to {period.ends}: slots of {period.slot_minutes} minutes,{" "}
                    {period.capacity === 1 ? "one-to-one" : `up to ${period.capacity} students`},{" "}
                    {period.mode === "campus" ? `on campus (${period.room})` : "online"}
                  </span>
                  <Form method="post">
                    <input type="hidden" name="id" value={period.id} />
                    <button type="submit" name="intent" value="remove-hours" className="underline text-red-800">
                      Remove
                      <span className="sr-only">
                        {" "}
                        the {period.day} hours from {period.starts}
                      </span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <Form method="post" className="mt-4 grid gap-4 rounded-md border border-gray-300 p-4 sm:grid-cols-2">
            <h3 className="font-semibold sm:col-span-2">Add office hours</h3>
            <div className="sm:col-span-2">
              <FormProblem message={problem("hours")} />
            </div>
            <SelectField
              id="weekday"
              name="weekday"
              label="Day"
              defaultValue={typed(actionData, "hours", "weekday") ?? "1"}
              error={fieldError(actionData, "hours", "weekday")}
              options={weekdayNames.map((name, index) => ({ value: String(index + 1), label: name }))}
            />
            <SelectField
              id="slot_minutes"
              name="slot_minutes"
              label="Slot length"
              defaultValue={typed(actionData, "hours", "slot_minutes") ?? "30"}
              error={fieldError(actionData, "hours", "slot_minutes")}
              options={SLOT_MINUTES.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }))}
            />
            <TextField
              id="starts"
              name="starts"
              type="time"
              label="From"
              defaultValue={typed(actionData, "hours", "starts") ?? "16:00"}
              error={fieldError(actionData, "hours", "starts")}
              required
            />
            <TextField
              id="ends"
              name="ends"
              type="time"
              label="To"
              defaultValue={typed(actionData, "hours", "ends") ?? "18:00"}
              error={fieldError(actionData, "hours", "ends")}
              required
            />
            <SelectField
              id="capacity"
              name="capacity"
              label="Students per slot"
              defaultValue={typed(actionData, "hours", "capacity") ?? "1"}
              error={fieldError(actionData, "hours", "capacity")}
              options={Array.from({ length: SLOT_CAPACITY_MAX }, (_, index) => ({
                value: String(index + 1),
                label: index === 0 ? "1 (one-to-one)" : `${index + 1} (a small group)`,
              }))}
            />
            <SelectField
              id="mode"
              name="mode"
              label="Where"
              defaultValue={typed(actionData, "hours", "mode") ?? "online"}
              error={fieldError(actionData, "hours", "mode")}
              options={[
                { value: "online", label: "Online" },
                { value: "campus", label: "A room on campus" },
              ]}
            />
            <div className="sm:col-span-2">
              <TextField
                id="room"
                name="room"
                label="Room on campus"
                hint="For hours on campus: the building and room, like Block B, room 204."
                defaultValue={typed(actionData, "hours", "room")}
                error={fieldError(actionData, "hours", "room")}
                maxLength={ROOM_NAME_MAX}
              />
            </div>
            <div>
              <button type="submit" name="intent" value="add-hours" className="btn-primary">
                Add office hours
              </button>
            </div>
          </Form>
        </section>

        <section aria-labelledby="days-off-heading">
          <h2 id="days-off-heading" className="text-xl font-bold">
            Days off
          </h2>
          {daysOff.length === 0 ? (
            <p className="mt-2 text-muted">None ahead.</p>
          ) : (
            <ul className="mt-2 space-y-1">
              {daysOff.map(({ day, stillBooked }) => (
                <li key={day} className="flex flex-wrap items-center gap-x-3">
                  <span>{day}</span>
                  {stillBooked > 0 && (
                    <span>
                      {stillBooked === 1 ? "1 session is" : `${stillBooked} sessions are`} still booked that day: cancel{" "}
                      {stillBooked === 1 ? "it" : "them"} under{" "}
                      <a href="#sessions-heading" className="underline">
                        Your sessions
                      </a>{" "}
                      (the students are told by mail), or hold {stillBooked === 1 ? "it" : "them"}.
                    </span>
                  )}
                  <Form method="post">
                    <input type="hidden" name="day" value={day} />
                    <button type="submit" name="intent" value="remove-day-off" className="underline text-red-800">
                      Remove<span className="sr-only"> the day off {day}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-4">
            <FormProblem message={problem("day-off")} />
            <TextField
              id="day"
              name="day"
              type="date"
              label="A day you are away"
              min={today}
              defaultValue={typed(actionData, "day-off", "day")}
              error={fieldError(actionData, "day-off", "day")}
              required
            />
            <button type="submit" name="intent" value="add-day-off" className="btn-primary">
              Add the day off
            </button>
          </Form>
        </section>

        <section aria-labelledby="profile-heading">
          <h2 id="profile-heading" className="text-xl font-bold">
            Your profile
          </h2>
          <Form method="post" className="mt-3 space-y-4">
            <FormProblem message={problem("profile")} />
            <TextField
              id="bio"
              name="bio"
              label="Short bio"
              hint="Who you are and what you can help with; students read it before booking."
              defaultValue={typed(actionData, "profile", "bio") ?? mentor.bio}
              error={fieldError(actionData, "profile", "bio")}
              multiline
              rows={4}
              maxLength={BIO_MAX}
              required
            />
            <TextField
              id="subjects"
              name="subjects"
              label="Subjects"
              hint="Separated by commas, like Java, Data structures, Interviews."
              defaultValue={typed(actionData, "profile", "subjects") ?? mentor.subjects.join(", ")}
              error={fieldError(actionData, "profile", "subjects")}
            />
            <fieldset>
              <legend className="font-medium">Courses you mentor</legend>
              <div className="mt-2 grid gap-1 sm:grid-cols-3">
                {courses.map((course) => (
                  <div key={course.slug}>
                    <input
                      type="checkbox"
                      id={`course-${course.slug}`}
                      name="courses"
                      value={course.slug}
                      defaultChecked={mentor.courseSlugs.includes(course.slug)}
                      className="mr-2"
                    />
                    <label htmlFor={`course-${course.slug}`}>{course.title}</label>
                  </div>
                ))}
              </div>
            </fieldset>
            <TextField
              id="meeting_url"
              name="meeting_url"
              type="url"
              label="Your own meeting address (optional)"
              hint="Jitsi, BigBlueButton, Zoom…: online sessions booked from then on meet there instead of the site's live room. Sessions already booked keep the place their invitations give."
              defaultValue={typed(actionData, "profile", "meeting_url") ?? mentor.meetingUrl ?? ""}
              error={fieldError(actionData, "profile", "meeting_url")}
            />
            <TextField
              id="cancel_cutoff_hours"
              name="cancel_cutoff_hours"
              type="number"
              min={0}
              max={72}
              label="Students may cancel until (hours before the start)"
              defaultValue={typed(actionData, "profile", "cancel_cutoff_hours") ?? String(mentor.cancelCutoffHours)}
              error={fieldError(actionData, "profile", "cancel_cutoff_hours")}
              required
            />
            <button type="submit" name="intent" value="profile" className="btn-primary">
              Save the profile
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

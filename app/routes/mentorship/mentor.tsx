import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { TextField } from "#app/components/text-field.tsx";
import { SelectField } from "#app/components/select-field.tsx";
import { servicesContext } from "#app/context.ts";
import { getUser } from "#app/features/auth/index.server.ts";
import { signInHref } from "#app/features/auth/sign-in-link.ts";
import { ZonePicker } from "#app/features/mentorship/components/zone-picker.tsx";
import { REASON_MAX } from "#app/features/mentorship/limits.ts";
import { bookFromForm, mentorPage } from "#app/features/mentorship/pages.server.ts";
import { slotsByDay, zoneChoice } from "#app/features/mentorship/slot-views.server.ts";
import { viewerZone } from "#app/features/mentorship/viewer-zone.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { keepRetryAfter } from "#app/lib/http/too-many-requests.ts";
import type { z } from "zod";
import type { bookingSchema } from "#app/features/mentorship/schemas.ts";
import type { Route } from "./+types/mentor";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  pageMeta(error || !loaderData ? errorTitle(error) : `Book a session with ${loaderData.mentor.name}`);

export const headers = keepRetryAfter;

/** A mentor's page: who they are, the slots of the next weeks in the reader's zone, and the booking form. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { slots, ...page } = await mentorPage(context.get(servicesContext), getUser(context), params.mentor);
  const zone = viewerZone(url);
  return {
    ...page,
    days: slotsByDay(slots, zone.zone),
    zone: zoneChoice(zone),
    about: url.searchParams.get("about") ?? "",
    returnTo: url.pathname + url.search,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = getUser(context);
  if (!user) return new Response("Sign in to book a session.", { status: 401 });
  return bookFromForm(context.get(servicesContext), user, params.mentor, request);
}

export default function MentorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mentor, days, topics, signedIn, ownPage, zone, about, returnTo } = loaderData;
  const [form, fields] = useForm<z.input<typeof bookingSchema>>({ id: "book-session", lastResult: actionData });
  const busy = useNavigation().state === "submitting";
  const chosenSlot = typeof fields.at.initialValue === "string" ? fields.at.initialValue : "";
  return (
    <>
      <PageHeader
        title={mentor.name}
        trail={[
          { label: "Home", href: "/" },
          { label: "Mentorship", href: "/mentorship" },
        ]}
      />
      <section className="section max-w-3xl" aria-labelledby="mentor-heading">
        <h2 id="mentor-heading" className="text-2xl font-bold">
          Book a session with {mentor.name}
        </h2>
        {mentor.bio && <p className="mt-3 whitespace-pre-line">{mentor.bio}</p>}
        {mentor.subjects.length > 0 && <p className="mt-3">Subjects: {mentor.subjects.join(", ")}</p>}
        {mentor.courses.length > 0 && (
          <p className="mt-2">
            Mentors the courses{" "}
            {mentor.courses.map((course, index) => (
              <span key={course.slug}>
                {index > 0 && ", "}
                <Link to={course.path} className="underline">
                  {course.title}
                </Link>
              </span>
            ))}
            .
          </p>
        )}
        <p className="mt-2 text-muted">
          You can cancel a booking until {mentor.cancelCutoffHours} hour{mentor.cancelCutoffHours === 1 ? "" : "s"} before it starts.
        </p>
        <ZonePicker {...zone} />
        {days.length === 0 ? (
          <p className="mt-6 rounded-md bg-amber-50 p-4 text-amber-900">
            {mentor.name} has no office hours in the next four weeks. Look again later, or choose another mentor on the{" "}
            <Link to="/mentorship" className="underline">
              Mentorship page
            </Link>
            .
          </p>
        ) : ownPage ? (
          <p className="mt-6">These are your own office hours, as students see them. You change them in the staff area.</p>
        ) : (
          <Form method="post" {...getFormProps(form)} className="mt-6">
            {form.errors?.[0] && (
              <p role="alert" className="mb-4 rounded-md bg-amber-50 p-4 text-amber-900">
                {form.errors[0]}
              </p>
            )}
            <fieldset aria-describedby={fields.at.errors ? `${fields.at.id}-error` : undefined}>
              <legend className="text-xl font-bold">Choose a slot</legend>
              {fields.at.errors?.[0] && (
                <p id={`${fields.at.id}-error`} className="mt-2 font-medium text-red-800">
                  {fields.at.errors[0]}
                </p>
              )}
              {days.map((day) => (
                <div key={day.day} className="mt-4">
                  <h3 className="font-semibold">{day.day}</h3>
                  <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                    {day.slots.map((slot) => {
                      const full = slot.placesLeft === 0;
                      const id = `slot-${slot.value}`;
                      return (
                        <li key={slot.value} className="rounded-md border border-gray-300 p-3">
                          <input
                            type="radio"
                            id={id}
                            name={fields.at.name}
                            value={slot.value}
                            disabled={full || !signedIn}
                            defaultChecked={chosenSlot === slot.value}
                            required
                            className="mr-2"
                          />
                          <label htmlFor={id}>
                            {slot.time}, {slot.where}:{" "}
                            {full ? "full" : slot.capacity === 1 ? "one-to-one" : `${slot.placesLeft} of ${slot.capacity} places left`}
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))}
            </fieldset>
            {signedIn ? (
              <div className="mt-6 space-y-4">
                <TextField
                  id={fields.reason.id}
                  name={fields.reason.name}
                  label="What do you need help with?"
                  hint={`A line or two, at most ${REASON_MAX} characters: your mentor reads it before the session.`}
                  error={fields.reason.errors?.[0]}
                  defaultValue={typeof fields.reason.initialValue === "string" ? fields.reason.initialValue : ""}
                  multiline
                  maxLength={REASON_MAX}
                  required
                />
                <SelectField
                  id={fields.about.id}
                  name={fields.about.name}
                  label="Which lesson or quiz is it about? (optional)"
                  error={fields.about.errors?.[0]}
                  defaultValue={typeof fields.about.initialValue === "string" ? fields.about.initialValue : about}
                  placeholder="None in particular"
                  options={topics.map((group) => ({
                    label: group.label,
                    options: group.topics.map((topic) => ({ value: topic.value, label: topic.title })),
                  }))}
                />
                <SubmitButton busy={busy}>Book this slot</SubmitButton>
              </div>
            ) : (
              <p className="mt-6">
                <Link to={signInHref(returnTo)} className="btn-primary">
                  Sign in to book
                </Link>
              </p>
            )}
          </Form>
        )}
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

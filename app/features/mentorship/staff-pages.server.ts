// The staff area's mentorship pages: a mentor's own (profile, office hours, days off, sessions)
// and the administrators' (who mentors, and how much each is used).
import { redirect } from "react-router";
import type { RequestServices } from "#app/context.ts";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import { problemsText, refuseForm } from "#app/features/staff/index.server.ts";
import { actorOf } from "#app/lib/db/audit-log.server.ts";
import { parseForm } from "#app/lib/forms/form-submission.server.ts";
import { site } from "#app/content/site.ts";
import { sessionsOf } from "./bookings.server.ts";
import {
  addDayOff,
  addOfficeHours,
  disableMentor,
  enableMentor,
  removeDayOff,
  removeOfficeHours,
  saveProfile,
  teamCardNames,
} from "./mentor-admin.server.ts";
import { mentorRecordOf, profileOf } from "./mentors.server.ts";
import { daysOffOf, officeHoursOf } from "./office-hours.server.ts";
import { dayOffSchema, mentorProfileSchema, officeHoursSchema } from "./schemas.ts";
import { sessionTime } from "./slot-views.server.ts";
import { mentorUsage } from "./usage.server.ts";
import { weekdayNames, zonedDay, zoneName } from "./zoned-time.ts";
import { z } from "zod";

/** A mentor's own page in the staff area; `mentor` null for a teacher who is not one. */
export async function mentoringPage({ db }: RequestServices, user: SessionUser) {
  const record = await mentorRecordOf(db, user.sub);
  const courses = await db.selectFrom("courses").select(["slug", "title"]).where("status", "=", "published").orderBy("position").execute();
  if (!record?.enabled_at) return { mentor: null, courses, collegeZone: zoneName(site.timeZone) };
  const today = zonedDay(new Date(), site.timeZone).day;
  const [profile, periods, daysOff, sessions] = await Promise.all([
    profileOf(db, record),
    officeHoursOf(db, user.sub),
    daysOffOf(db, user.sub, today),
    sessionsOf(db, { mentor: user.sub }),
  ]);
  const listed = (session: (typeof sessions.upcoming)[number]) => ({
    id: session.id,
    when: sessionTime(session.startsAt, session.endsAt, site.timeZone),
    studentName: session.studentName,
    reason: session.reason,
    status: session.status,
    attendance: session.attendance,
  });
  // A day off takes the day's slots away from students, not what they booked before it was taken.
  const bookedOn = new Map<string, number>();
  for (const session of sessions.upcoming) {
    const day = zonedDay(new Date(session.startsAt), site.timeZone).day;
    bookedOn.set(day, (bookedOn.get(day) ?? 0) + 1);
  }
  return {
    mentor: { ...profile, courseSlugs: profile.courses.map((course) => course.slug) },
    periods: periods.map((period) => ({ ...period, day: weekdayNames[period.weekday - 1]! })),
    daysOff: daysOff.map((day) => ({ day, stillBooked: bookedOn.get(day) ?? 0 })),
    today,
    upcoming: sessions.upcoming.map(listed),
    past: sessions.past.slice(0, 50).map(listed),
    courses,
    collegeZone: zoneName(site.timeZone),
  };
}

/** The mentor page's forms, told apart by `intent`. */
export async function mentoringAction({ db }: RequestServices, user: SessionUser, request: Request) {
  const formData = await request.formData().catch(() => null);
  const intent = formData?.get("intent");
  const actor = actorOf(user);
  const saved = (word: string) => redirect(`/staff/mentoring?saved=${word}`, 303);
  if (!formData) return refuseForm("profile", "We could not read this form. Please try again.", 400);
  if (!(await mentorRecordOf(db, user.sub))?.enabled_at)
    return refuseForm("profile", "You are not a mentor: an administrator makes teachers mentors.", 403);
  if (intent === "profile") {
    const submission = parseForm(formData, mentorProfileSchema);
    if (submission?.status !== "success") return refuseForm("profile", problemsText, 400, submission?.reply());
    const result = await saveProfile(db, actor, user.sub, submission.value);
    return result.ok ? saved("profile") : refuseForm("profile", result.message, result.status, submission.reply());
  }
  if (intent === "add-hours") {
    const submission = parseForm(formData, officeHoursSchema);
    if (submission?.status !== "success") return refuseForm("hours", problemsText, 400, submission?.reply());
    const result = await addOfficeHours(db, actor, user.sub, submission.value);
    return result.ok ? saved("hours") : refuseForm("hours", result.message, result.status, submission.reply());
  }
  if (intent === "remove-hours") {
    const result = await removeOfficeHours(db, actor, user.sub, String(formData.get("id") ?? ""));
    return result.ok ? saved("hours-removed") : refuseForm("remove", result.message, result.status);
  }
  if (intent === "add-day-off") {
    const submission = parseForm(formData, dayOffSchema);
    if (submission?.status !== "success") return refuseForm("day-off", problemsText, 400, submission?.reply());
    const result = await addDayOff(db, actor, user.sub, submission.value.day);
    return result.ok ? saved("day-off") : refuseForm("day-off", result.message, result.status, submission.reply());
  }
  if (intent === "remove-day-off") {
    const result = await removeDayOff(db, actor, user.sub, String(formData.get("day") ?? ""));
    return result.ok ? saved("day-off-removed") : refuseForm("remove", result.message, result.status);
  }
  return refuseForm("profile", "Say what to change.", 400);
}

const enableSchema = z.object({
  email: z.email({ error: "Write the teacher's email address." }).max(254, "Write the teacher's email address."),
  team_card: z
    .string()
    .optional()
    .transform((card) => card || null),
});

/** The administrators' page: who mentors, and how much. */
export async function mentorsPage({ db }: RequestServices) {
  return { usage: await mentorUsage(db), teamCards: teamCardNames };
}

export async function mentorsAction({ db, config }: RequestServices, user: SessionUser, request: Request) {
  const formData = await request.formData().catch(() => null);
  const actor = actorOf(user);
  if (formData?.get("intent") === "disable") {
    const result = await disableMentor(db, actor, String(formData.get("sub") ?? ""));
    return result.ok ? redirect(`/staff/mentors?saved=disabled`, 303) : refuseForm("disable", result.message, result.status);
  }
  const submission = formData && parseForm(formData, enableSchema);
  if (submission?.status !== "success") return refuseForm("enable", problemsText, 400, submission?.reply());
  const result = await enableMentor(
    db,
    actor,
    { email: submission.value.email, teamCard: submission.value.team_card },
    config.ADMIN_EMAILS,
  );
  return result.ok
    ? redirect(`/staff/mentors?saved=enabled`, 303)
    : refuseForm("enable", result.message, result.status, submission.reply());
}

// What administrators and mentors change: who mentors, a mentor's profile, office hours and days
// off. Each change is one staff change: the change, its audit line and, for what the Our Team page
// shows (the mentors table), the mentors' content version, together.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { currentRoleOf, done, refused, staffChange } from "#app/features/staff/index.server.ts";
import { mentors as teamMentors } from "#app/content/team.ts";
import { site } from "#app/content/site.ts";
import { recordStaffAction, type StaffActor } from "#app/lib/db/audit-log.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { DAYS_OFF_MAX, OFFICE_HOURS_MAX } from "./limits.ts";
import { freeSlug } from "./mentors.server.ts";
import { zonedDay } from "./zoned-time.ts";

const now = () => new Date().toISOString();

/** The Our Team page's mentor cards, by name: a mentor may be shown on one. */
export const teamCardNames = teamMentors.map((member) => member.name);

/**
 * Makes the person with this address a mentor (again): they must have signed in and be a teacher
 * or an administrator. `teamCard`: the Our Team card to link to their booking page.
 */
export async function enableMentor(
  db: Kysely<Database>,
  actor: StaffActor,
  { email, teamCard }: { email: string; teamCard: string | null },
  adminEmails: readonly string[],
) {
  const person = await db.selectFrom("people").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
  if (!person)
    return refused(404, `Nobody with the address ${email} has signed in yet: they sign in once, then you can make them a mentor.`);
  const role = await currentRoleOf(db, person, adminEmails);
  if (role !== "teacher" && role !== "admin")
    return refused(409, `${person.name} is not a teacher. Give them the teacher role on the Accounts page first.`);
  if (teamCard !== null && !teamCardNames.includes(teamCard)) return refused(400, "Choose a card of the Our Team page, or none.");
  return staffChange(db, "mentors", async (trx) => {
    if (teamCard)
      await trx.updateTable("mentors").set({ team_card: null }).where("team_card", "=", teamCard).where("sub", "!=", person.sub).execute();
    const before = await trx.selectFrom("mentors").selectAll().where("sub", "=", person.sub).executeTakeFirst();
    const at = now();
    if (before) {
      await trx
        .updateTable("mentors")
        .set({ enabled_at: before.enabled_at ?? at, team_card: teamCard, name: person.name, email: person.email, updated_at: at })
        .where("sub", "=", person.sub)
        .execute();
    } else {
      await trx
        .insertInto("mentors")
        .values({
          sub: person.sub,
          slug: await freeSlug(trx, person.name),
          name: person.name,
          email: person.email,
          bio: "",
          subjects: "[]",
          courses: "[]",
          team_card: teamCard,
          meeting_url: null,
          cancel_cutoff_hours: 2,
          enabled_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await recordStaffAction(trx, actor, {
      action: "mentor.enable",
      subject: `mentor:${person.sub}`,
      before: before ? { enabled: before.enabled_at !== null, team_card: before.team_card } : undefined,
      after: { enabled: true, team_card: teamCard },
    });
    return done(person.name);
  });
}

/** Takes a mentor off the site: their page and office hours disappear; booked sessions stay as they are. */
export function disableMentor(db: Kysely<Database>, actor: StaffActor, sub: string) {
  return staffChange(db, "mentors", async (trx) => {
    const before = await trx.selectFrom("mentors").selectAll().where("sub", "=", sub).executeTakeFirst();
    if (!before) return refused(404, "There is no such mentor.");
    if (before.enabled_at === null) return refused(409, `${before.name} is not a mentor now.`);
    await trx.updateTable("mentors").set({ enabled_at: null, team_card: null, updated_at: now() }).where("sub", "=", sub).execute();
    await recordStaffAction(trx, actor, {
      action: "mentor.disable",
      subject: `mentor:${sub}`,
      before: { enabled: true, team_card: before.team_card },
      after: { enabled: false },
    });
    return done(before.name);
  });
}

export interface ProfileChange {
  bio: string;
  subjects: string[];
  courses: string[];
  meeting_url: string | null;
  cancel_cutoff_hours: number;
}

/** A mentor's own profile: bio, subjects, courses, meeting address, cancellation cut-off. */
export async function saveProfile(db: Kysely<Database>, actor: StaffActor, sub: string, change: ProfileChange) {
  const published = change.courses.length
    ? await db.selectFrom("courses").select("slug").where("slug", "in", change.courses).where("status", "=", "published").execute()
    : [];
  if (published.length !== new Set(change.courses).size) return refused(400, "Choose the courses from the list.");
  return staffChange(db, "mentors", async (trx) => {
    const before = await trx.selectFrom("mentors").selectAll().where("sub", "=", sub).executeTakeFirst();
    if (!before?.enabled_at) return refused(409, "You are not a mentor: an administrator makes teachers mentors.");
    const after = {
      bio: change.bio,
      subjects: JSON.stringify(change.subjects),
      courses: JSON.stringify([...new Set(change.courses)]),
      meeting_url: change.meeting_url,
      cancel_cutoff_hours: change.cancel_cutoff_hours,
    };
    await trx
      .updateTable("mentors")
      .set({ ...after, updated_at: now() })
      .where("sub", "=", sub)
      .execute();
    const { bio, subjects, courses, meeting_url, cancel_cutoff_hours } = before;
    await recordStaffAction(trx, actor, {
      action: "mentor.profile",
      subject: `mentor:${sub}`,
      before: { bio, subjects, courses, meeting_url, cancel_cutoff_hours },
      after,
    });
    return done(undefined);
  });
}

export interface OfficeHoursChange {
  weekday: number;
  starts: string;
  ends: string;
  slot_minutes: number;
  capacity: number;
  mode: "online" | "campus";
  room: string | null;
}

/** Adds a weekly period of office hours; overlapping another of the same day is refused. */
export function addOfficeHours(db: Kysely<Database>, actor: StaffActor, sub: string, hours: OfficeHoursChange) {
  return staffChange(db, null, async (trx) => {
    const mentor = await trx.selectFrom("mentors").select("enabled_at").where("sub", "=", sub).executeTakeFirst();
    if (!mentor?.enabled_at) return refused(409, "You are not a mentor: an administrator makes teachers mentors.");
    const periods = await trx.selectFrom("office_hours").selectAll().where("mentor_sub", "=", sub).execute();
    if (periods.length >= OFFICE_HOURS_MAX)
      return refused(409, `You have ${OFFICE_HOURS_MAX} periods of office hours, the most there can be. Remove one first.`);
    const overlapping = periods.find(
      (period) => period.weekday === hours.weekday && period.starts < hours.ends && hours.starts < period.ends,
    );
    if (overlapping)
      return refused(409, `These hours overlap your office hours from ${overlapping.starts} to ${overlapping.ends} that day.`);
    const row = { id: randomUUID(), mentor_sub: sub, ...hours, created_at: now() };
    await trx.insertInto("office_hours").values(row).execute();
    await recordStaffAction(trx, actor, { action: "mentor.office-hours-add", subject: `mentor:${sub}`, after: hours });
    return done(undefined);
  });
}

/** Removes a period of office hours: its slots are no longer offered; what was booked stays booked. */
export function removeOfficeHours(db: Kysely<Database>, actor: StaffActor, sub: string, id: string) {
  return staffChange(db, null, async (trx) => {
    const period = await trx.selectFrom("office_hours").selectAll().where("id", "=", id).where("mentor_sub", "=", sub).executeTakeFirst();
    if (!period) return refused(404, "There are no such office hours: reload the page.");
    await trx.deleteFrom("office_hours").where("id", "=", id).execute();
    const { id: _id, mentor_sub: _mentor, created_at: _created, ...before } = period;
    await recordStaffAction(trx, actor, { action: "mentor.office-hours-remove", subject: `mentor:${sub}`, before });
    return done(undefined);
  });
}

/** A day the mentor is away: no slot of theirs is offered on it. */
export function addDayOff(db: Kysely<Database>, actor: StaffActor, sub: string, day: string) {
  const today = zonedDay(new Date(), site.timeZone).day;
  if (day < today) return Promise.resolve(refused(400, "Choose today or a day ahead."));
  return staffChange(db, null, async (trx) => {
    const ahead = await trx.selectFrom("mentor_days_off").select("day").where("mentor_sub", "=", sub).where("day", ">=", today).execute();
    if (ahead.some((row) => row.day === day)) return refused(409, "That day is already a day off.");
    if (ahead.length >= DAYS_OFF_MAX) return refused(409, `You have ${DAYS_OFF_MAX} days off ahead, the most there can be.`);
    await trx.insertInto("mentor_days_off").values({ mentor_sub: sub, day }).execute();
    await recordStaffAction(trx, actor, { action: "mentor.day-off-add", subject: `mentor:${sub}`, after: { day } });
    return done(undefined);
  });
}

export function removeDayOff(db: Kysely<Database>, actor: StaffActor, sub: string, day: string) {
  return staffChange(db, null, async (trx) => {
    const removed = await trx.deleteFrom("mentor_days_off").where("mentor_sub", "=", sub).where("day", "=", day).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return refused(404, "That day is not a day off: reload the page.");
    await recordStaffAction(trx, actor, { action: "mentor.day-off-remove", subject: `mentor:${sub}`, before: { day } });
    return done(undefined);
  });
}

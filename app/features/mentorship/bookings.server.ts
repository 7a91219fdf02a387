// Booking a slot, cancelling it, and what the mentor records after: each one transaction with its
// mails (and, for staff, its audit line). The last place of a slot goes to exactly one student:
// the slot's count of places taken is raised by one statement that holds only below its capacity.
import { randomUUID } from "node:crypto";
import { sql, type Insertable, type Kysely, type Selectable } from "kysely";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import { actorOf, recordStaffAction } from "#app/lib/db/audit-log.server.ts";
import { isPostgres } from "#app/lib/db/engine.server.ts";
import { committedSoon } from "#app/lib/db/grouped-writes.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import type { SessionEvent } from "./calendar.server.ts";
import { NO_SHOW_WINDOW_DAYS } from "./limits.ts";
import { queueBookingMails, queueCancellationMails, type MailSettings } from "./mail.server.ts";
import type { MentorRow } from "./mentors.server.ts";
import type { Slot } from "./office-hours.server.ts";
import type { Topic } from "./topics.server.ts";

export type BookingRow = Selectable<Database["mentor_bookings"]>;
type SlotRow = Database["mentor_slots"];

/** Why a booking, a cancellation or a mark was not made: the status the page answers with and what it says. */
export class MentorshipRefusal extends Error {
  readonly status: 400 | 403 | 404 | 409;
  constructor(status: 400 | 403 | 404 | 409, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * One transaction on either engine. On SQLite it joins this process's group of small writes (an
 * IMMEDIATE transaction, so workers wait for each other rather than fail); a refusal thrown inside
 * undoes the unit alone. On PostgreSQL, a transaction of its own.
 */
const inTransaction = <T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> =>
  isPostgres(db) ? db.transaction().execute(work) : committedSoon(db, work);

/** Where a session happens, as mails and calendars say it: on campus, at the address it was booked with, or in the site's room. */
export function whereOf(slot: Pick<SlotRow, "mode" | "room">, booking: Pick<BookingRow, "meeting_url">, bookingUrl: string): string {
  if (slot.mode === "campus") return `${slot.room}, on campus`;
  return booking.meeting_url ?? `${bookingUrl}/room`;
}

export interface BookingRequest {
  mentor: MentorRow;
  student: SessionUser;
  slot: Slot;
  reason: string;
  topic: Topic | null;
  limits: { maxOpenBookings: number; noShowLimit: number };
  mail: MailSettings;
  now?: Date;
}

/** The event of a booking, for its mails and calendars. */
export function sessionEvent(
  booking: Pick<BookingRow, "id" | "student_name" | "student_email" | "reason" | "meeting_url">,
  slot: Pick<SlotRow, "starts_at" | "ends_at" | "mode" | "room">,
  mentor: Pick<MentorRow, "name" | "email">,
  origin: string,
): SessionEvent {
  const url = `${origin}/mentorship/bookings/${booking.id}`;
  return {
    bookingId: booking.id,
    startsAt: slot.starts_at,
    endsAt: slot.ends_at,
    mentor: { name: mentor.name, email: mentor.email },
    student: { name: booking.student_name, email: booking.student_email },
    reason: booking.reason,
    where: whereOf(slot, booking, url),
    url,
  };
}

/** Open bookings of a student: not cancelled, not yet begun. */
async function openBookingCount(db: Kysely<Database>, studentSub: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom("mentor_bookings")
    .innerJoin("mentor_slots", "mentor_slots.id", "mentor_bookings.slot_id")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("mentor_bookings.student_sub", "=", studentSub)
    .where("mentor_bookings.status", "=", "booked")
    .where("mentor_slots.starts_at", ">", now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A student's no-shows within the window the limit counts. */
async function recentNoShows(db: Kysely<Database>, studentSub: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - NO_SHOW_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const row = await db
    .selectFrom("mentor_bookings")
    .innerJoin("mentor_slots", "mentor_slots.id", "mentor_bookings.slot_id")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("mentor_bookings.student_sub", "=", studentSub)
    .where("mentor_bookings.attendance", "=", "no-show")
    .where("mentor_slots.starts_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The slot's row, made at its first booking with what the office hours say now. */
async function slotRow(trx: Kysely<Database>, mentorSub: string, slot: Slot): Promise<SlotRow> {
  await trx
    .insertInto("mentor_slots")
    .values({
      id: randomUUID(),
      mentor_sub: mentorSub,
      starts_at: slot.startsAt,
      ends_at: slot.endsAt,
      capacity: slot.capacity,
      mode: slot.mode,
      room: slot.room,
      taken: 0,
    })
    .onConflict((conflict) => conflict.columns(["mentor_sub", "starts_at"]).doNothing())
    .execute();
  return trx
    .selectFrom("mentor_slots")
    .selectAll()
    .where("mentor_sub", "=", mentorSub)
    .where("starts_at", "=", slot.startsAt)
    .executeTakeFirstOrThrow();
}

/** Books the slot for the student, with its mails; throws MentorshipRefusal when it cannot. Returns the booking's id. */
export async function bookSlot(db: Kysely<Database>, request: BookingRequest): Promise<string> {
  const { mentor, student, slot, limits, now = new Date() } = request;
  if (student.sub === mentor.sub) throw new MentorshipRefusal(403, "These are your own office hours: a student books them.");
  return inTransaction(db, async (trx) => {
    // One booking of a student at a time on PostgreSQL, so that two at once cannot both pass the limit below.
    if (isPostgres(trx)) await sql`select sub from people where sub = ${student.sub} for update`.execute(trx);
    const open = await openBookingCount(trx, student.sub, now);
    if (open >= limits.maxOpenBookings)
      throw new MentorshipRefusal(
        409,
        `You already have ${open} open booking${open === 1 ? "" : "s"}, the most you can hold at once. Cancel one, or book again after a session.`,
      );
    if (limits.noShowLimit > 0 && (await recentNoShows(trx, student.sub, now)) >= limits.noShowLimit)
      throw new MentorshipRefusal(
        403,
        `You missed ${limits.noShowLimit} booked session${limits.noShowLimit === 1 ? "" : "s"} in the last ${NO_SHOW_WINDOW_DAYS} days without cancelling, so you cannot book for now. Please contact the college.`,
      );
    const row = await slotRow(trx, mentor.sub, slot);
    const already = await trx
      .selectFrom("mentor_bookings")
      .select("id")
      .where("slot_id", "=", row.id)
      .where("student_sub", "=", student.sub)
      .where("status", "=", "booked")
      .executeTakeFirst();
    if (already) throw new MentorshipRefusal(409, "You have already booked this slot.");
    const taken = await trx
      .updateTable("mentor_slots")
      .set((eb) => ({ taken: eb("taken", "+", 1) }))
      .where("id", "=", row.id)
      .whereRef("taken", "<", "capacity")
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0)
      throw new MentorshipRefusal(409, "Someone else has just taken the last place in this slot. Please choose another.");
    const booking: Insertable<Database["mentor_bookings"]> &
      Pick<BookingRow, "id" | "student_name" | "student_email" | "reason" | "meeting_url"> = {
      id: randomUUID(),
      slot_id: row.id,
      mentor_sub: mentor.sub,
      student_sub: student.sub,
      student_name: student.name,
      student_email: student.email,
      reason: request.reason,
      about_kind: request.topic?.kind ?? null,
      about_path: request.topic?.path ?? null,
      about_title: request.topic?.title ?? null,
      status: "booked" as const,
      attendance: null,
      notes: null,
      created_at: now.toISOString(),
      cancelled_at: null,
      cancelled_by: null,
      marked_at: null,
      // Kept with the booking: its mails say where it meets, whatever the mentor sets later.
      meeting_url: row.mode === "online" ? mentor.meeting_url : null,
    };
    await trx.insertInto("mentor_bookings").values(booking).execute();
    await queueBookingMails(trx, sessionEvent(booking, row, mentor, request.mail.origin), request.mail, now);
    return booking.id;
  });
}

/** A booking with its slot and mentor. */
export async function findBooking(db: Kysely<Database>, id: string) {
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const booking = await db.selectFrom("mentor_bookings").selectAll().where("id", "=", id).executeTakeFirst();
  if (!booking) return undefined;
  const [slot, mentor] = await Promise.all([
    db.selectFrom("mentor_slots").selectAll().where("id", "=", booking.slot_id).executeTakeFirstOrThrow(),
    db.selectFrom("mentors").selectAll().where("sub", "=", booking.mentor_sub).executeTakeFirstOrThrow(),
  ]);
  return { booking, slot, mentor };
}

export type FoundBooking = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

/** How a person stands to a booking: its student, its mentor, an administrator, or nobody. */
export function relationTo(found: FoundBooking, user: SessionUser | null): "student" | "mentor" | "admin" | null {
  if (!user) return null;
  if (found.booking.student_sub === user.sub) return "student";
  if (found.booking.mentor_sub === user.sub) return "mentor";
  return user.role === "admin" ? "admin" : null;
}

/** Until when the student may cancel: the mentor's cut-off before the start. */
export const cancelDeadline = (found: FoundBooking) =>
  new Date(Date.parse(found.slot.starts_at) - found.mentor.cancel_cutoff_hours * 60 * 60 * 1000);

/** Why this person may not cancel the booking now; null when they may. */
export function cancelRefusal(found: FoundBooking, as: ReturnType<typeof relationTo>, now: Date): MentorshipRefusal | null {
  if (!as) return new MentorshipRefusal(403, "Only the booking's student, its mentor or an administrator can cancel it.");
  if (found.booking.status === "cancelled") return new MentorshipRefusal(409, "This booking is already cancelled.");
  if (Date.parse(found.slot.starts_at) <= now.getTime())
    return new MentorshipRefusal(409, "The session has begun: it can no longer be cancelled.");
  if (as === "student" && now > cancelDeadline(found))
    return new MentorshipRefusal(
      409,
      `Bookings with ${found.mentor.name} can be cancelled until ${found.mentor.cancel_cutoff_hours} hour${found.mentor.cancel_cutoff_hours === 1 ? "" : "s"} before they start. Please write to your mentor instead.`,
    );
  return null;
}

/** Cancels the booking for `user`, frees its place and queues the mails; throws MentorshipRefusal when it cannot. */
export async function cancelBooking(db: Kysely<Database>, found: FoundBooking, user: SessionUser, mail: MailSettings, now = new Date()) {
  const as = relationTo(found, user);
  const refusal = cancelRefusal(found, as, now);
  if (refusal) throw refusal;
  await inTransaction(db, async (trx) => {
    const changed = await trx
      .updateTable("mentor_bookings")
      .set({ status: "cancelled", cancelled_at: now.toISOString(), cancelled_by: as })
      .where("id", "=", found.booking.id)
      .where("status", "=", "booked")
      .executeTakeFirst();
    // Cancelled meanwhile, from another page or by the mentor.
    if (Number(changed.numUpdatedRows) === 0) throw new MentorshipRefusal(409, "This booking is already cancelled.");
    await trx
      .updateTable("mentor_slots")
      .set((eb) => ({ taken: eb("taken", "-", 1) }))
      .where("id", "=", found.slot.id)
      .where("taken", ">", 0)
      .execute();
    const by = as === "student" ? found.booking.student_name : as === "mentor" ? found.mentor.name : "the college";
    await queueCancellationMails(trx, sessionEvent(found.booking, found.slot, found.mentor, mail.origin), by, mail, now);
    if (as !== "student")
      await recordStaffAction(trx, actorOf(user), {
        action: "mentorship.cancel",
        subject: `booking:${found.booking.id}`,
        before: { status: "booked", student: found.booking.student_name, starts_at: found.slot.starts_at },
        after: { status: "cancelled" },
      });
  });
}

/** The mentor's (or an administrator's) record after the session: attended or no-show, and notes for the student. */
export async function markAttendance(
  db: Kysely<Database>,
  found: FoundBooking,
  user: SessionUser,
  mark: { attendance: "attended" | "no-show"; notes: string | null },
  now = new Date(),
) {
  const as = relationTo(found, user);
  if (as !== "mentor" && as !== "admin")
    throw new MentorshipRefusal(403, "Only the session's mentor or an administrator records how it went.");
  if (found.booking.status === "cancelled") throw new MentorshipRefusal(409, "This booking was cancelled: there is no session to record.");
  if (Date.parse(found.slot.starts_at) > now.getTime())
    throw new MentorshipRefusal(409, "The session has not begun yet: record it once it has.");
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("mentor_bookings")
      .set({ attendance: mark.attendance, notes: mark.notes || null, marked_at: now.toISOString() })
      .where("id", "=", found.booking.id)
      .execute();
    await recordStaffAction(trx, actorOf(user), {
      action: "mentorship.attendance",
      subject: `booking:${found.booking.id}`,
      before: { attendance: found.booking.attendance, notes: found.booking.notes },
      after: { attendance: mark.attendance, notes: mark.notes || null },
    });
  });
}

export interface SessionListing {
  id: string;
  startsAt: string;
  endsAt: string;
  mode: "online" | "campus";
  room: string | null;
  mentorName: string;
  mentorSlug: string;
  studentName: string;
  reason: string;
  status: "booked" | "cancelled";
  attendance: "attended" | "no-show" | null;
}

/** Bookings with their slot and their mentor, for the lists and feeds that show both. */
export const bookingsWithSlots = (db: Kysely<Database>) =>
  db
    .selectFrom("mentor_bookings")
    .innerJoin("mentor_slots", "mentor_slots.id", "mentor_bookings.slot_id")
    .innerJoin("mentors", "mentors.sub", "mentor_bookings.mentor_sub");

/** Each of a person's lists of sessions holds this many at most: the next ones, and the latest past. */
const sessionsListed = 500;

/**
 * Bookings of a student or a mentor, the next first for what is ahead, the latest first for what is
 * past (cancelled ones with them). Each list is read on its own: the oldest 500 of all would leave a
 * long-serving mentor's coming sessions out.
 */
export async function sessionsOf(db: Kysely<Database>, who: { student: string } | { mentor: string }, now = new Date()) {
  const nowIso = now.toISOString();
  const listing = () => {
    const query = bookingsWithSlots(db)
      .select([
        "mentor_bookings.id",
        "mentor_slots.starts_at as startsAt",
        "mentor_slots.ends_at as endsAt",
        "mentor_slots.mode",
        "mentor_slots.room",
        "mentors.name as mentorName",
        "mentors.slug as mentorSlug",
        "mentor_bookings.student_name as studentName",
        "mentor_bookings.reason",
        "mentor_bookings.status",
        "mentor_bookings.attendance",
      ])
      .limit(sessionsListed);
    return "student" in who
      ? query.where("mentor_bookings.student_sub", "=", who.student)
      : query.where("mentor_bookings.mentor_sub", "=", who.mentor);
  };
  const [upcoming, past]: [SessionListing[], SessionListing[]] = await Promise.all([
    listing()
      .where("mentor_slots.ends_at", ">", nowIso)
      .where("mentor_bookings.status", "=", "booked")
      .orderBy("mentor_slots.starts_at")
      .execute(),
    listing()
      .where((eb) => eb.or([eb("mentor_slots.ends_at", "<=", nowIso), eb("mentor_bookings.status", "=", "cancelled")]))
      .orderBy("mentor_slots.starts_at", "desc")
      .execute(),
  ]);
  return { upcoming, past };
}

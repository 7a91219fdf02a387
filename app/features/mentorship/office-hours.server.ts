// A mentor's weekly office hours turned into the slots students can book: each period's days in the
// college's time zone, cut into slots, less the mentor's days off and what has begun.
import type { Kysely } from "kysely";
import { site } from "#app/content/site.ts";
import type { Database, MeetingMode } from "#app/lib/db/schema.ts";
import { BOOKING_WEEKS_AHEAD } from "./limits.ts";
import { nextDay, weekdayOf, zonedDay, zonedInstant } from "./zoned-time.ts";

export type OfficeHoursRow = Database["office_hours"];

/** A slot of a mentor's office hours, with the places already taken. */
export interface Slot {
  startsAt: string;
  endsAt: string;
  capacity: number;
  taken: number;
  mode: MeetingMode;
  room: string | null;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The slots one period of office hours makes on `day` (a college day of its weekday). */
function slotsOfPeriod(period: OfficeHoursRow, day: string): Omit<Slot, "taken">[] {
  const slots: Omit<Slot, "taken">[] = [];
  for (let start = minutesOf(period.starts); start + period.slot_minutes <= minutesOf(period.ends); start += period.slot_minutes) {
    slots.push({
      startsAt: zonedInstant(day, timeOf(start), site.timeZone).toISOString(),
      endsAt: zonedInstant(day, timeOf(start + period.slot_minutes), site.timeZone).toISOString(),
      capacity: period.capacity,
      mode: period.mode,
      room: period.room,
    });
  }
  return slots;
}

export function officeHoursOf(db: Kysely<Database>, mentorSub: string) {
  return db.selectFrom("office_hours").selectAll().where("mentor_sub", "=", mentorSub).orderBy("weekday").orderBy("starts").execute();
}

export async function daysOffOf(db: Kysely<Database>, mentorSub: string, from = "0000-00-00"): Promise<string[]> {
  const rows = await db
    .selectFrom("mentor_days_off")
    .select("day")
    .where("mentor_sub", "=", mentorSub)
    .where("day", ">=", from)
    .orderBy("day")
    .execute();
  return rows.map((row) => row.day);
}

/**
 * The slots a student can book with a mentor from `now` to the end of the booking window (or on one
 * college day), earliest first: those that have not begun, on days the mentor works. Two periods
 * that overlap make one slot of a start time: the first listed.
 */
export async function offeredSlots(
  db: Kysely<Database>,
  mentorSub: string,
  { now = new Date(), onDay }: { now?: Date; onDay?: string } = {},
): Promise<Slot[]> {
  const today = zonedDay(now, site.timeZone).day;
  const lastDay = nextDay(today, BOOKING_WEEKS_AHEAD * 7 - 1);
  const [periods, daysOff] = await Promise.all([officeHoursOf(db, mentorSub), daysOffOf(db, mentorSub, today)]);
  const off = new Set(daysOff);
  const byStart = new Map<string, Omit<Slot, "taken">>();
  const days = onDay
    ? onDay >= today && onDay <= lastDay
      ? [onDay]
      : []
    : Array.from({ length: BOOKING_WEEKS_AHEAD * 7 }, (_, i) => nextDay(today, i));
  for (const day of days) {
    if (off.has(day)) continue;
    for (const period of periods) {
      if (period.weekday !== weekdayOf(day)) continue;
      for (const slot of slotsOfPeriod(period, day)) {
        if (Date.parse(slot.startsAt) > now.getTime() && !byStart.has(slot.startsAt)) byStart.set(slot.startsAt, slot);
      }
    }
  }
  const offered = [...byStart.values()].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  if (offered.length === 0) return [];
  const taken = await db
    .selectFrom("mentor_slots")
    .select(["starts_at", "taken"])
    .where("mentor_sub", "=", mentorSub)
    .where("starts_at", ">=", offered[0]!.startsAt)
    .where("starts_at", "<=", offered.at(-1)!.startsAt)
    .execute();
  const takenAt = new Map(taken.map((row) => [row.starts_at, Number(row.taken)]));
  return offered.map((slot) => ({ ...slot, taken: takenAt.get(slot.startsAt) ?? 0 }));
}

/** The slot a student asked for, if the mentor's office hours offer it now. */
export async function offeredSlotAt(db: Kysely<Database>, mentorSub: string, startsAt: Date, now = new Date()): Promise<Slot | undefined> {
  const day = zonedDay(startsAt, site.timeZone).day;
  const slots = await offeredSlots(db, mentorSub, { now, onDay: day });
  return slots.find((slot) => slot.startsAt === startsAt.toISOString());
}

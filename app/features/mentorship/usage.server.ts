// How much each mentor is used, for administrators: sessions booked, held, missed and cancelled.
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { csvFile } from "#app/lib/text/csv-file.ts";

export interface MentorUsage {
  sub: string;
  name: string;
  slug: string;
  enabled: boolean;
  /** Weekly periods of office hours. */
  periods: number;
  upcoming: number;
  attended: number;
  noShows: number;
  /** Past sessions the mentor has not recorded yet. */
  unrecorded: number;
  cancelled: number;
  students: number;
}

export async function mentorUsage(db: Kysely<Database>, now = new Date()): Promise<MentorUsage[]> {
  const nowIso = now.toISOString();
  const [mentors, periods, bookings] = await Promise.all([
    db.selectFrom("mentors").select(["sub", "name", "slug", "enabled_at"]).orderBy("name").execute(),
    db.selectFrom("office_hours").select("mentor_sub").execute(),
    db
      .selectFrom("mentor_bookings")
      .innerJoin("mentor_slots", "mentor_slots.id", "mentor_bookings.slot_id")
      .select([
        "mentor_bookings.mentor_sub",
        "mentor_bookings.student_sub",
        "mentor_bookings.status",
        "mentor_bookings.attendance",
        "mentor_slots.starts_at",
      ])
      .execute(),
  ]);
  return mentors.map((mentor) => {
    const theirs = bookings.filter((booking) => booking.mentor_sub === mentor.sub);
    const held = theirs.filter((booking) => booking.status === "booked");
    return {
      sub: mentor.sub,
      name: mentor.name,
      slug: mentor.slug,
      enabled: mentor.enabled_at !== null,
      periods: periods.filter((period) => period.mentor_sub === mentor.sub).length,
      upcoming: held.filter((booking) => booking.starts_at > nowIso).length,
      attended: held.filter((booking) => booking.attendance === "attended").length,
      noShows: held.filter((booking) => booking.attendance === "no-show").length,
      unrecorded: held.filter((booking) => booking.starts_at <= nowIso && booking.attendance === null).length,
      cancelled: theirs.length - held.length,
      students: new Set(held.map((booking) => booking.student_sub)).size,
    };
  });
}

export const usageCsv = (usage: readonly MentorUsage[]) =>
  csvFile(
    ["mentor", "on_site", "office_hour_periods", "upcoming", "attended", "no_shows", "not_recorded", "cancelled", "students"],
    usage.map((row) => [
      row.name,
      row.enabled ? "yes" : "no",
      row.periods,
      row.upcoming,
      row.attended,
      row.noShows,
      row.unrecorded,
      row.cancelled,
      row.students,
    ]),
  );

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raiseContentVersion } from "#app/lib/content-versions/content-versions.server.ts";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import { sessionsOf } from "./bookings.server.ts";

const now = new Date("2026-12-03T10:00:00.000Z");
const hour = 60 * 60 * 1000;

describe.each(engines)("a person's lists of sessions, on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    const created_at = now.toISOString();
    const mentor = { sub: "mentor", slug: "mentor", name: "Meera", email: null, bio: "", subjects: "[]", courses: "[]" };
    const settings = { team_card: null, meeting_url: null, cancel_cutoff_hours: 2, enabled_at: created_at };
    await handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("mentors")
        .values({ ...mentor, ...settings, created_at, updated_at: created_at })
        .execute();
      await raiseContentVersion(trx, "mentors");
    });
    // A session a day for 520 days behind them (more than a list holds), two ahead, and a cancelled one ahead.
    const sessions = [
      ...Array.from({ length: 520 }, (_, n) => ({ startsIn: -(n + 1) * 24, status: "booked" as const })),
      { startsIn: 48, status: "booked" as const },
      { startsIn: 24, status: "booked" as const },
      { startsIn: 72, status: "cancelled" as const },
    ];
    const slots = sessions.map(({ startsIn, status }, n) => ({
      id: `slot-${n}`,
      mentor_sub: "mentor",
      starts_at: new Date(now.getTime() + startsIn * hour).toISOString(),
      ends_at: new Date(now.getTime() + startsIn * hour + hour / 2).toISOString(),
      capacity: 1,
      mode: "online" as const,
      room: null,
      taken: status === "booked" ? 1 : 0,
    }));
    const unset = { student_email: null, about_kind: null, about_path: null, about_title: null, attendance: null, notes: null };
    const bookings = sessions.map(({ status }, n) => ({
      ...unset,
      id: `booking-${n}`,
      slot_id: `slot-${n}`,
      mentor_sub: "mentor",
      student_sub: "student",
      student_name: "Arun",
      reason: `Session ${n}`,
      status,
      created_at,
      cancelled_at: status === "cancelled" ? created_at : null,
      cancelled_by: status === "cancelled" ? "student" : null,
      marked_at: null,
      meeting_url: null,
    }));
    // In batches: PostgreSQL takes at most 65,535 parameters a statement.
    for (let from = 0; from < slots.length; from += 100) {
      await handle.db
        .insertInto("mentor_slots")
        .values(slots.slice(from, from + 100))
        .execute();
      await handle.db
        .insertInto("mentor_bookings")
        .values(bookings.slice(from, from + 100))
        .execute();
    }
  });
  afterAll(() => handle?.close());

  it("lists what is ahead, the next first, however many sessions lie behind", async () => {
    for (const who of [{ mentor: "mentor" }, { student: "student" }]) {
      const { upcoming } = await sessionsOf(handle.db, who, now);
      expect(upcoming.map((session) => session.reason)).toEqual(["Session 521", "Session 520"]);
    }
  });

  it("lists what is past and cancelled, the latest first, 500 at most", async () => {
    const { past } = await sessionsOf(handle.db, { mentor: "mentor" }, now);
    expect(past).toHaveLength(500);
    expect(past.slice(0, 3).map((session) => session.reason)).toEqual(["Session 522", "Session 0", "Session 1"]);
    expect(past[0]).toMatchObject({ status: "cancelled", mentorName: "Meera", mentorSlug: "mentor", studentName: "Arun", mode: "online" });
    expect(past.at(-1)!.reason).toBe("Session 498");
  });
});

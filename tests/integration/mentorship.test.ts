import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site as college } from "#app/content/site.ts";
import { assignRole } from "#app/features/auth/roles.server.ts";
import { ROOM_CHAT_LINES_PER_MINUTE, ROOM_SIGNALS_PER_MINUTE } from "#app/features/mentorship/limits.ts";
import { chatOf } from "#app/features/mentorship/room.server.ts";
import { nextDay, weekdayOf, zonedDay, zonedInstant } from "#app/features/mentorship/zoned-time.ts";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { migrateTo, migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { raiseContentVersion } from "#app/lib/content-versions/content-versions.server.ts";
import { confirmRegistrationLink, registerIn, testPassword } from "../setup/accounts.ts";
import { createTestDatabase, engines, type TestDatabase } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { linkIn, siteForTests, startServer, type RunningServer } from "../setup/server.ts";
import { startSmtpStandIn } from "../setup/smtp-stand-in.ts";
import { until } from "../setup/waiting.ts";

/** A college day `days` from today, its weekday, and the instant of `time` on it. */
function collegeDayAhead(days: number) {
  const day = nextDay(zonedDay(new Date(), college.timeZone).day, days);
  return { day, weekday: String(weekdayOf(day)), at: (time: string) => zonedInstant(day, time, college.timeZone).toISOString() };
}

/** The invitation a stored mail carries, read back by Mozilla's RFC 5545 parser. */
function readInvitation(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    status: calendar.getFirstSubcomponent("vevent")!.getFirstPropertyValue("status"),
    attendees: event.attendees.map((attendee) => String(attendee.getFirstValue()).replace(/^mailto:/i, "mailto:")),
  };
}

describe.each(engines)("mentorship on %s", (engine) => {
  let people = 0;
  const site = siteForTests({ TRUST_PROXY: "1", MENTORSHIP_MAX_OPEN_BOOKINGS: "2", MENTORSHIP_NO_SHOW_LIMIT: "1" }, engine);

  async function person(role: "student" | "teacher" | "admin", name = `${role} ${people + 1}`) {
    const email = `${role}-${++people}-${process.pid}@college.example`;
    if (role !== "student") await assignRole(site.db, email, role);
    const browser = new TestBrowser(site.server.url, `198.51.100.${people % 250}`);
    await registerIn(browser, email, name);
    return { browser, email };
  }
  const mentorRow = (email: string) => site.db.selectFrom("mentors").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
  const bookings = () => site.db.selectFrom("mentor_bookings").selectAll().orderBy("created_at").execute();
  const mails = (bookingId: string) =>
    site.db.selectFrom("mentorship_mails").selectAll().where("booking_id", "=", bookingId).orderBy("kind").orderBy("recipient").execute();
  /** Moves a booking's slot in the database: it starts `minutes` from now (before now when negative) and lasts half an hour. */
  const moveSession = async (id: string, minutes: number) => {
    const { slot_id } = await site.db.selectFrom("mentor_bookings").select("slot_id").where("id", "=", id).executeTakeFirstOrThrow();
    const startsAt = Date.now() + minutes * 60_000;
    await site.db
      .updateTable("mentor_slots")
      .set({ starts_at: new Date(startsAt).toISOString(), ends_at: new Date(startsAt + 30 * 60_000).toISOString() })
      .where("id", "=", slot_id)
      .execute();
  };
  /** Where the mentor's own page lists a booking: under "Coming up", or under "Past and cancelled" with how it went. */
  const sessionListed = async (id: string) => {
    const html = await (await mentor.browser.request("/staff/mentoring")).text();
    const [, upcoming = "", past = ""] = /Coming up<\/h3>([\s\S]*?)Past and cancelled<\/h3>([\s\S]*?)<\/section>/.exec(html) ?? [];
    const itemIn = (list: string) => list.match(/<li>[\s\S]*?<\/li>/g)?.find((item) => item.includes(`/mentorship/bookings/${id}`));
    if (itemIn(upcoming)) return "coming up";
    const item = itemIn(past);
    if (!item) return "not listed";
    return `past (${/\(([^()]*)\)$/.exec(visibleText(item).replace(/\s+/g, " ").trim())?.[1]})`;
  };
  const bookingIdOf = (response: Response) => /\/mentorship\/bookings\/([0-9a-f-]{36})/.exec(response.headers.get("location") ?? "")?.[1];

  let admin: Awaited<ReturnType<typeof person>>;
  let mentor: Awaited<ReturnType<typeof person>>;
  let slug = "";
  const day = collegeDayAhead(2);

  it("let an administrator make a teacher a mentor, shown on the Our Team card chosen, and refuse anyone else", async () => {
    admin = await person("admin");
    mentor = await person("teacher", "Sneha Krishnan");
    const student = await person("student");
    const audit = async () => (await site.db.selectFrom("audit_log").select("action").where("action", "like", "mentor.%").execute()).length;

    for (const [fields, status, message] of [
      [{ email: "nobody@college.example" }, 404, "Nobody with the address nobody@college.example has signed in yet"],
      [{ email: student.email }, 409, "is not a teacher. Give them the teacher role on the Accounts page first."],
      [{ email: mentor.email, team_card: "Nobody Here" }, 400, "Choose a card of the Our Team page, or none."],
      [{ email: "not an address" }, 400, "Write the teacher&#x27;s email address."],
    ] as const) {
      const refused = await admin.browser.postForm("/staff/mentors", { intent: "enable", ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(status);
      expect(await refused.text()).toContain(message);
    }
    expect(await site.db.selectFrom("mentors").selectAll().execute()).toEqual([]);
    expect((await student.browser.postForm("/staff/mentors", { intent: "enable", email: student.email })).status).toBe(403);
    // A visitor is sent to sign in.
    expect((await new TestBrowser(site.server.url).postForm("/staff/mentors", { intent: "enable", email: mentor.email })).status).toBe(302);
    expect(await site.db.selectFrom("mentors").selectAll().execute()).toEqual([]);
    expect(await audit()).toBe(0);
    // Only a mentor keeps office hours: a student is refused, and so is a teacher an administrator has not made one.
    const hours = { intent: "add-hours", weekday: "1", starts: "10:00", ends: "11:00", slot_minutes: "30", capacity: "1", mode: "online" };
    expect((await student.browser.postForm("/staff/mentoring", hours)).status).toBe(403);
    const notYet = await mentor.browser.postForm("/staff/mentoring", hours);
    expect(notYet.status).toBe(403);
    expect(await notYet.text()).toContain("You are not a mentor: an administrator makes teachers mentors.");
    expect(await site.db.selectFrom("office_hours").selectAll().execute()).toEqual([]);

    const enabled = await admin.browser.postForm("/staff/mentors", { intent: "enable", email: mentor.email, team_card: "Sneha Krishnan" });
    expect(enabled.status).toBe(303);
    slug = (await mentorRow(mentor.email)).slug;
    expect(slug).toBe("sneha-krishnan");
    expect(await audit()).toBe(1);
    // The Our Team page (kept for visitors) links her card at once: the mentors' content version was raised.
    const team = await (await fetch(`${site.server.url}/team`)).text();
    expect(team).toContain(`href="/mentorship/${slug}"`);
    expect(visibleText(team)).toContain("Book a session with Sneha Krishnan");
  });

  it("let a mentor publish office hours, refusing bad ones and storing nothing for them", async () => {
    const hours = {
      intent: "add-hours",
      weekday: day.weekday,
      starts: "10:00",
      ends: "11:00",
      slot_minutes: "30",
      capacity: "1",
      mode: "online",
    };
    for (const [fields, message] of [
      [{ ...hours, ends: "09:00" }, "The end must be after the start."],
      [{ ...hours, ends: "10:15" }, "The office hours must hold at least one slot."],
      [{ ...hours, capacity: "7" }, "A slot takes from 1 to 6 students."],
      [{ ...hours, slot_minutes: "17" }, "Choose how long a slot is."],
      [{ ...hours, mode: "campus" }, "Say which room on campus"],
      [{ ...hours, weekday: "8" }, "Choose a day of the week."],
    ] as const) {
      const refused = await mentor.browser.postForm("/staff/mentoring", fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    const badAddress = await mentor.browser.postForm("/staff/mentoring", {
      intent: "profile",
      bio: "Front-end developer.",
      subjects: "HTML, CSS",
      meeting_url: "http://meet.example/room",
      cancel_cutoff_hours: "2",
    });
    expect(badAddress.status).toBe(400);
    expect(await badAddress.text()).toContain("The meeting address must be an https:// address");
    expect(await site.db.selectFrom("office_hours").selectAll().execute()).toEqual([]);

    expect(
      (
        await mentor.browser.postForm("/staff/mentoring", {
          intent: "profile",
          bio: "Front-end developer in Chennai.",
          subjects: "HTML, CSS, React",
          courses: "react",
          meeting_url: "https://meet.jit.si/college-sneha",
          cancel_cutoff_hours: "2",
        })
      ).status,
    ).toBe(303);
    expect((await mentor.browser.postForm("/staff/mentoring", hours)).status).toBe(303);
    expect((await mentor.browser.postForm("/staff/mentoring", { ...hours, starts: "10:30", ends: "12:00" })).status).toBe(409);
    expect(
      (
        await mentor.browser.postForm("/staff/mentoring", {
          ...hours,
          starts: "15:00",
          ends: "16:00",
          capacity: "2",
          mode: "campus",
          room: "Block B, room 204",
        })
      ).status,
    ).toBe(303);

    const page = visibleText(await (await fetch(`${site.server.url}/mentorship/${slug}?tz=Europe/London`)).text());
    expect(page).toContain("Book a session with Sneha Krishnan");
    expect(page).toContain("Times are shown in");
    expect(page).toContain("(Europe/London)");
    // 10:00 in India is 04:30 in London in winter, 05:30 in summer.
    expect(page).toMatch(/0[45]:30 to 0[56]:00, Online: one-to-one/);
    expect(page).toContain("On campus, Block B, room 204: 2 of 2 places left");

    // A day off takes that day's slots away, and gives them back when removed.
    const week = collegeDayAhead(9);
    const offered = async () =>
      (await (await fetch(`${site.server.url}/mentorship/${slug}`)).text()).includes(`value="${week.at("10:00")}"`);
    expect(await offered()).toBe(true);
    for (const [fields, status, message] of [
      [{ intent: "add-day-off", day: "31/12/2030" }, 400, "Choose a date."],
      [{ intent: "add-day-off", day: "2030-02-30" }, 400, "Choose a date."],
      [{ intent: "add-day-off", day: "2020-01-01" }, 400, "Choose today or a day ahead."],
      [{ intent: "remove-day-off", day: week.day }, 404, "That day is not a day off"],
    ] as const) {
      const refused = await mentor.browser.postForm("/staff/mentoring", fields);
      expect(refused.status, JSON.stringify(fields)).toBe(status);
      expect(await refused.text()).toContain(message);
    }
    expect(await site.db.selectFrom("mentor_days_off").selectAll().execute()).toEqual([]);
    expect((await mentor.browser.postForm("/staff/mentoring", { intent: "add-day-off", day: week.day })).status).toBe(303);
    expect((await mentor.browser.postForm("/staff/mentoring", { intent: "add-day-off", day: week.day })).status).toBe(409);
    expect(await offered()).toBe(false);
    const student = await person("student");
    const away = await student.browser.postForm(`/mentorship/${slug}`, { at: week.at("10:00"), reason: "Help" });
    expect(away.status).toBe(409);
    expect(await away.text()).toContain("This slot is not offered any more");
    expect((await mentor.browser.postForm("/staff/mentoring", { intent: "remove-day-off", day: week.day })).status).toBe(303);
    expect(await offered()).toBe(true);

    // What the mentor changed is in the audit log, in order.
    const { sub } = await mentorRow(mentor.email);
    const changes = await site.db
      .selectFrom("audit_log")
      .select(["action", "after"])
      .where("subject", "=", `mentor:${sub}`)
      .where("action", "!=", "mentor.enable")
      .orderBy("id")
      .execute();
    expect(changes.map((change) => change.action)).toEqual([
      "mentor.profile",
      "mentor.office-hours-add",
      "mentor.office-hours-add",
      "mentor.day-off-add",
      "mentor.day-off-remove",
    ]);
    expect(changes[0]!.after).toContain("https://meet.jit.si/college-sneha");
  });

  it("tell a mentor taking a day off which sessions are still booked on it, and keep them booked until cancelled", async () => {
    const away = collegeDayAhead(23);
    const daysOff = async () => {
      const html = await (await mentor.browser.request("/staff/mentoring")).text();
      return visibleText(/<h2 id="days-off-heading"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "").replace(/\s+/g, " ");
    };
    const student = await person("student");
    const booked = await student.browser.postForm(`/mentorship/${slug}`, { at: away.at("15:00"), reason: "Before the exam" });
    expect(booked.status).toBe(303);
    const id = bookingIdOf(booked)!;

    expect((await mentor.browser.postForm("/staff/mentoring", { intent: "add-day-off", day: away.day })).status).toBe(303);
    // Taken back whatever happens: the tests after this one book on that day.
    try {
      const warned = await daysOff();
      expect(warned).toContain(away.day);
      expect(warned).toContain(
        "1 session is still booked that day: cancel it under Your sessions (the students are told by mail), or hold it.",
      );
      expect(await sessionListed(id)).toBe("coming up");

      expect((await mentor.browser.postForm(`/mentorship/bookings/${id}`, { intent: "cancel" })).status).toBe(303);
      const cleared = await daysOff();
      expect(cleared).toContain(away.day);
      expect(cleared).not.toContain("still booked");
    } finally {
      expect((await mentor.browser.postForm("/staff/mentoring", { intent: "remove-day-off", day: away.day })).status).toBe(303);
    }
  });

  it("give the last place of a slot to exactly one of a crowd of students pressing it at once", async () => {
    const crowd = await Promise.all(Array.from({ length: 6 }, () => person("student")));
    const at = day.at("10:00");
    const answers = await Promise.all(
      crowd.map(({ browser }) => browser.postForm(`/mentorship/${slug}`, { at, reason: "Hooks confuse me.", about: "lesson:react/3" })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409, 409, 409, 409, 409]);
    const refusal = answers.find((answer) => answer.status === 409)!;
    expect(await refusal.text()).toContain("Someone else has just taken the last place in this slot.");
    const slot = await site.db.selectFrom("mentor_slots").selectAll().where("starts_at", "=", at).executeTakeFirstOrThrow();
    expect(slot.taken).toBe(1);
    const booked = (await bookings()).filter((booking) => booking.slot_id === slot.id);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.about_path).toBe("/courses/mern/react?lesson=3");
    expect(visibleText(await (await fetch(`${site.server.url}/mentorship/${slug}`)).text())).toMatch(/, Online: full/);
  });

  it("mail both people an RFC 5545 invitation and keep their reminders for 24 hours and 1 hour before", async () => {
    const student = await person("student");
    const at = day.at("10:30");
    const booked = await student.browser.postForm(`/mentorship/${slug}`, { at, reason: "Review my portfolio page." });
    expect(booked.status).toBe(303);
    const id = bookingIdOf(booked)!;
    const stored = await mails(id);
    expect(stored.map((mail) => [mail.kind, mail.recipient]).sort()).toEqual(
      [
        ["confirmation", mentor.email],
        ["confirmation", student.email],
        ["reminder-1h", mentor.email],
        ["reminder-1h", student.email],
        ["reminder-24h", mentor.email],
        ["reminder-24h", student.email],
      ].sort(),
    );
    const reminder = stored.find((mail) => mail.kind === "reminder-1h")!;
    expect(reminder.status).toBe("pending");
    expect(reminder.next_attempt_at).toBe(new Date(Date.parse(at) - 60 * 60 * 1000).toISOString());
    const invitation = readInvitation(stored.find((mail) => mail.kind === "confirmation")!.calendar!);
    expect(invitation).toMatchObject({ method: "REQUEST", sequence: 0, start: at, end: day.at("11:00"), status: "CONFIRMED" });
    expect(invitation.uid).toBe(`mentoring-${id}@${new URL(site.server.url).hostname}`);
    expect(invitation.attendees).toEqual([`mailto:${student.email}`]);

    const page = visibleText(await (await student.browser.request(`/mentorship/bookings/${id}?booked=1`)).text());
    expect(page).toContain("Your session with Sneha Krishnan");
    expect(page).toContain("https://meet.jit.si/college-sneha");
    expect(page).toMatch(/1 hour before: to be sent /);
    // Nobody else sees it, not even its address.
    const other = await person("student");
    expect((await other.browser.request(`/mentorship/bookings/${id}`)).status).toBe(404);
    expect((await other.browser.postForm(`/mentorship/bookings/${id}`, { intent: "cancel" })).status).toBe(404);

    // Cancelling frees the place, takes back the reminders and mails a CANCEL of the same event.
    const cancelled = await student.browser.postForm(`/mentorship/bookings/${id}`, { intent: "cancel" });
    expect(cancelled.status).toBe(303);
    const after = await mails(id);
    expect(after.filter((mail) => mail.kind.startsWith("reminder"))).toEqual([]);
    const cancellation = readInvitation(after.find((mail) => mail.kind === "cancellation")!.calendar!);
    expect(cancellation).toMatchObject({ method: "CANCEL", uid: invitation.uid, sequence: 1, status: "CANCELLED" });
    expect((await site.db.selectFrom("mentor_slots").select("taken").where("starts_at", "=", at).executeTakeFirstOrThrow()).taken).toBe(0);
    const again = await student.browser.postForm(`/mentorship/bookings/${id}`, { intent: "cancel" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This booking is already cancelled.");
  });

  it("refuse bookings that break a rule, storing nothing", async () => {
    const student = await person("student");
    const before = { bookings: await bookings(), slots: await site.db.selectFrom("mentor_slots").selectAll().orderBy("id").execute() };
    const at = day.at("15:00");
    for (const [fields, status, message] of [
      [{ at, reason: "" }, 400, "Write a line about what you need help with."],
      [{ at, reason: "x".repeat(301) }, 400, "What you need help with can have at most 300 characters."],
      [{ at: "tomorrow", reason: "Help" }, 400, "Choose a slot from the list."],
      [{ at: day.at("10:15"), reason: "Help" }, 409, "This slot is not offered any more"],
      [{ at: day.at("09:00"), reason: "Help" }, 409, "This slot is not offered any more"],
      [{ at: new Date(Date.now() - 3600_000).toISOString(), reason: "Help" }, 409, "This slot is not offered any more"],
      [{ at, reason: "Help", about: "lesson:react/999" }, 400, "Choose the lesson or quiz from the list."],
      [{ at, reason: "Help", about: "<script>" }, 400, "Choose the lesson or quiz from the list."],
    ] as const) {
      const refused = await student.browser.postForm(`/mentorship/${slug}`, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(status);
      expect(await refused.text()).toContain(message);
    }
    expect((await new TestBrowser(site.server.url).postForm(`/mentorship/${slug}`, { at, reason: "Help" })).status).toBe(401);
    expect((await student.browser.postForm("/mentorship/no-such-mentor", { at, reason: "Help" })).status).toBe(404);
    const own = await mentor.browser.postForm(`/mentorship/${slug}`, { at, reason: "Help" });
    expect(own.status).toBe(403);
    expect({ bookings: await bookings(), slots: await site.db.selectFrom("mentor_slots").selectAll().orderBy("id").execute() }).toEqual(
      before,
    );

    // At most MENTORSHIP_MAX_OPEN_BOOKINGS (2 here) open at once.
    const later = collegeDayAhead(9);
    expect((await student.browser.postForm(`/mentorship/${slug}`, { at, reason: "Flexbox" })).status).toBe(303);
    expect((await student.browser.postForm(`/mentorship/${slug}`, { at, reason: "Again" })).status).toBe(409);
    expect((await student.browser.postForm(`/mentorship/${slug}`, { at: later.at("15:00"), reason: "Grid" })).status).toBe(303);
    const third = await student.browser.postForm(`/mentorship/${slug}`, { at: later.at("15:30"), reason: "Forms" });
    expect(third.status).toBe(409);
    expect(await third.text()).toContain("You already have 2 open bookings, the most you can hold at once.");
  });

  it("limit booking attempts per person, answering 429 with when to try again", async () => {
    const student = await person("student");
    const notOffered = { at: day.at("09:00"), reason: "Help" };
    for (let attempt = 1; attempt <= 20; attempt++)
      expect((await student.browser.postForm(`/mentorship/${slug}`, notOffered)).status).toBe(409);
    const limited = await student.browser.postForm(`/mentorship/${slug}`, { at: day.at("15:30"), reason: "Help" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many booking attempts. Please try again in a while.");
    const { sub } = await site.db.selectFrom("people").select("sub").where("email", "=", student.email).executeTakeFirstOrThrow();
    expect(await site.db.selectFrom("mentor_bookings").select("id").where("student_sub", "=", sub).execute()).toEqual([]);
  });

  it("limit booking attempts per network, whoever makes them", async () => {
    const notOffered = { at: day.at("09:00"), reason: "Help" };
    const network = "203.0.113.77";
    // Three people behind one address (a campus lab's router) make the network's 60 attempts of the hour, 20 each.
    for (const { browser } of await Promise.all([1, 2, 3].map(() => person("student")))) {
      const behind = browser.from(network);
      for (let attempt = 1; attempt <= 20; attempt++) expect((await behind.postForm(`/mentorship/${slug}`, notOffered)).status).toBe(409);
    }
    const fourth = await person("student");
    const limited = await fourth.browser.from(network).postForm(`/mentorship/${slug}`, { at: day.at("15:30"), reason: "Help" });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many booking attempts. Please try again in a while.");
    // From another network, the same person is not held back.
    expect((await fourth.browser.postForm(`/mentorship/${slug}`, notOffered)).status).toBe(409);
  });

  it("let only the mentor record a session once it began, and stop a student's bookings after the no-show limit", async () => {
    const student = await person("student");
    const booked = await student.browser.postForm(`/mentorship/${slug}`, { at: collegeDayAhead(16).at("15:00"), reason: "CSS grid" });
    const id = bookingIdOf(booked)!;
    expect(await sessionListed(id)).toBe("coming up");
    const early = await mentor.browser.postForm(`/mentorship/bookings/${id}`, { intent: "record", attendance: "no-show" });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("The session has not begun yet");
    // The session's time comes (moved back in the database).
    await moveSession(id, -30);

    expect((await student.browser.postForm(`/mentorship/bookings/${id}`, { intent: "record", attendance: "attended" })).status).toBe(403);
    expect((await mentor.browser.postForm(`/mentorship/bookings/${id}`, { intent: "record", attendance: "maybe" })).status).toBe(400);
    expect((await mentor.browser.postForm(`/mentorship/bookings/${id}`, { intent: "cancel" })).status).toBe(409);
    expect(await sessionListed(id)).toBe("past (not recorded yet)");
    const attended = await mentor.browser.postForm(`/mentorship/bookings/${id}`, { intent: "record", attendance: "attended" });
    expect(attended.status).toBe(303);
    expect(await sessionListed(id)).toBe("past (attended)");
    expect(visibleText(await (await student.browser.request(`/mentorship/bookings/${id}`)).text())).toContain("Attended");
    // Recorded again, as it was: the student did not come.
    const recorded = await mentor.browser.postForm(`/mentorship/bookings/${id}`, {
      intent: "record",
      attendance: "no-show",
      notes: "Waited 15 minutes.",
    });
    expect(recorded.status).toBe(303);
    expect(await sessionListed(id)).toBe("past (no-show)");
    expect(
      await site.db.selectFrom("audit_log").select(["action", "after"]).where("subject", "=", `booking:${id}`).orderBy("id").execute(),
    ).toEqual([
      { action: "mentorship.attendance", after: JSON.stringify({ attendance: "attended", notes: null }) },
      { action: "mentorship.attendance", after: JSON.stringify({ attendance: "no-show", notes: "Waited 15 minutes." }) },
    ]);
    expect(visibleText(await (await student.browser.request(`/mentorship/bookings/${id}`)).text())).toContain("Waited 15 minutes.");

    // MENTORSHIP_NO_SHOW_LIMIT is 1 here.
    const refused = await student.browser.postForm(`/mentorship/${slug}`, { at: collegeDayAhead(16).at("15:30"), reason: "Again" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You missed 1 booked session in the last 90 days without cancelling");
  });

  it("refuse a student's cancellation after the mentor's cut-off, which the mentor may still make (audited and mailed)", async () => {
    const student = await person("student");
    const booked = await student.browser.postForm(`/mentorship/${slug}`, { at: collegeDayAhead(23).at("10:30"), reason: "Closures" });
    expect(booked.status).toBe(303);
    const id = bookingIdOf(booked)!;
    // The session now starts in an hour, inside the mentor's cut-off of 2 hours (moved in the database).
    await moveSession(id, 60);
    const late = await student.browser.postForm(`/mentorship/bookings/${id}`, { intent: "cancel" });
    expect(late.status).toBe(409);
    expect(visibleText(await late.text())).toContain(
      "Bookings with Sneha Krishnan can be cancelled until 2 hours before they start. Please write to your mentor instead.",
    );
    expect((await mails(id)).map((mail) => mail.kind)).not.toContain("cancellation");
    expect((await site.db.selectFrom("mentor_bookings").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe(
      "booked",
    );

    expect((await mentor.browser.postForm(`/mentorship/bookings/${id}`, { intent: "cancel" })).status).toBe(303);
    const row = await site.db.selectFrom("mentor_bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect([row.status, row.cancelled_by]).toEqual(["cancelled", "mentor"]);
    expect((await mails(id)).filter((mail) => mail.kind === "cancellation").map((mail) => mail.recipient)).toEqual(
      [mentor.email, student.email].sort(),
    );
    expect(await site.db.selectFrom("audit_log").select("action").where("subject", "=", `booking:${id}`).execute()).toEqual([
      { action: "mentorship.cancel" },
    ]);
    expect(await sessionListed(id)).toBe("past (cancelled)");
  });

  it("serve each person a private calendar feed, revoked by a new address", async () => {
    const mentorPage = await (await mentor.browser.request("/mentorship")).text();
    const feedUrl = /(http:\/\/[^<"]+\/mentorship\/calendar\/[A-Za-z0-9_-]{32}\.ics)/.exec(mentorPage)![1]!;
    const path = new URL(feedUrl).pathname;
    // The mentor's feed holds their sessions (they booked none themselves: the mentor's sessions come in as mentor).
    const served = await fetch(`${site.server.url}${path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const feed = new ICAL.Component(ICAL.parse(await served.text()) as unknown[]);
    const { sub } = await mentorRow(mentor.email);
    const booked = (await bookings()).filter((booking) => booking.status === "booked" && booking.mentor_sub === sub);
    expect(
      feed
        .getAllSubcomponents("vevent")
        .map((event) => event.getFirstPropertyValue("uid"))
        .sort(),
    ).toEqual(booked.map((booking) => `mentoring-${booking.id}@${new URL(site.server.url).hostname}`).sort());
    expect((await mentor.browser.postForm("/mentorship", {})).status).toBe(303);
    expect((await fetch(`${site.server.url}${path}`)).status).toBe(404);
    expect((await fetch(`${site.server.url}/mentorship/calendar/not-a-token.ics`)).status).toBe(404);
  });

  it("open an online session's live room to its mentor, its student and administrators only, seven at most, relaying their messages", async () => {
    // Booked while the mentor meets at their own address: the booking keeps it, whatever the mentor sets later.
    const early = await person("student");
    const earlyId = bookingIdOf(
      await early.browser.postForm(`/mentorship/${slug}`, { at: collegeDayAhead(9).at("10:30"), reason: "Events" }),
    )!;
    // Without a meeting address of the mentor's own, online sessions meet in the site's room.
    const profile = { intent: "profile", bio: "Front-end developer in Chennai.", cancel_cutoff_hours: "2", meeting_url: "" };
    expect((await mentor.browser.postForm("/staff/mentoring", profile)).status).toBe(303);
    expect(visibleText(await (await early.browser.request(`/mentorship/bookings/${earlyId}`)).text())).toContain(
      "Online, at https://meet.jit.si/college-sneha",
    );
    const noRoom = await early.browser.postJson(`/mentorship/bookings/${earlyId}/room/messages`, { intent: "join" });
    expect(noRoom.status).toBe(409);
    expect(await noRoom.text()).toContain("This session meets at the mentor's own address: https://meet.jit.si/college-sneha");
    expect((await mails(earlyId)).find((mail) => mail.kind === "reminder-1h")!.text).toContain("https://meet.jit.si/college-sneha");
    const student = await person("student");
    const booked = await student.browser.postForm(`/mentorship/${slug}`, {
      at: collegeDayAhead(23).at("10:00"),
      reason: "Pair on my bug.",
    });
    const id = bookingIdOf(booked)!;
    const room = `/mentorship/bookings/${id}/room`;
    const api = `${room}/messages`;
    const closedYet = await student.browser.postJson(api, { intent: "join" });
    expect(closedYet.status).toBe(409);
    expect(await closedYet.text()).toContain("The room opens 15 minutes before the session.");
    // The session's time comes (moved in the database).
    await moveSession(id, 5);

    const page = await student.browser.request(room);
    expect(page.status).toBe(200);
    // Its own code and the site's signalling, nothing else: no frames, no other origin.
    expect(page.headers.get("content-security-policy")).toMatch(
      /^default-src 'self';base-uri 'self';script-src 'self' 'nonce-[^']+';style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';media-src 'self';object-src 'none';form-action 'self';frame-ancestors 'none'$/,
    );
    expect(page.headers.get("permissions-policy")).toContain("camera=(self)");
    expect(page.headers.get("permissions-policy")).toContain("display-capture=(self)");
    expect((await student.browser.request(`/mentorship/bookings/${id}`)).headers.get("permissions-policy")).toContain("camera=()");
    expect(visibleText(await page.text())).toContain("The live room needs JavaScript");
    const stranger = await person("student");
    // Administrators to fill the room with, registered before anyone joins: a page silent for 45 s counts as gone.
    const more = await Promise.all([1, 2, 3, 4, 5].map(() => person("admin")));
    expect((await stranger.browser.request(room)).status).toBe(404);
    expect((await stranger.browser.postJson(api, { intent: "join" })).status).toBe(404);
    expect((await new TestBrowser(site.server.url).postJson(api, { intent: "join" })).status).toBe(401);

    type Joined = { peer: string; after: number; present: { peer: string; name: string; role: string }[]; iceServers: unknown[] };
    const join = async (who: TestBrowser) => {
      const response = await who.postJson(api, { intent: "join" });
      expect(response.status).toBe(200);
      return (await response.json()) as Joined;
    };
    const studentPeer = await join(student.browser);
    const mentorPeer = await join(mentor.browser);
    expect(mentorPeer.present).toEqual([expect.objectContaining({ peer: studentPeer.peer, role: "student" })]);
    const adminPeer = await join(admin.browser);
    expect(adminPeer.present.map((present) => present.role)).toEqual(["student", "mentor"]);

    const offer = { description: { type: "offer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" } };
    expect(
      (await mentor.browser.postJson(api, { intent: "signal", peer: mentorPeer.peer, to: studentPeer.peer, signal: offer })).status,
    ).toBe(204);
    for (const [who, body, status] of [
      [mentor.browser, { intent: "signal", peer: mentorPeer.peer, to: studentPeer.peer, signal: { nothing: 1 } }, 400],
      [mentor.browser, { intent: "signal", peer: mentorPeer.peer, to: "00000000-0000-0000-0000-000000000000", signal: offer }, 409],
      // A page speaks only for itself: the student cannot send as the mentor's peer.
      [student.browser, { intent: "signal", peer: mentorPeer.peer, to: studentPeer.peer, signal: offer }, 409],
      [student.browser, { intent: "chat", peer: studentPeer.peer, text: "" }, 400],
      [student.browser, { intent: "dance", peer: studentPeer.peer }, 400],
    ] as const) {
      expect((await who.postJson(api, body)).status, JSON.stringify(body)).toBe(status);
    }
    const poll = await student.browser.request(`${api}?peer=${studentPeer.peer}&after=${studentPeer.after}`);
    const { messages, after } = (await poll.json()) as { after: number; messages: { kind: string; from: string; body: string }[] };
    expect(messages.map((message) => [message.kind, message.from])).toEqual([
      ["join", mentorPeer.peer],
      ["join", adminPeer.peer],
      ["signal", mentorPeer.peer],
    ]);
    expect(JSON.parse(messages[2]!.body)).toEqual(offer);
    expect(messages[1]!.body).toBe("admin");
    expect((await student.browser.request(`${api}?peer=${studentPeer.peer}&after=soon`)).status).toBe(400);
    // Polling as someone else's peer is refused.
    expect((await stranger.browser.request(`${api}?peer=${studentPeer.peer}&after=0`)).status).toBe(404);

    // A waiting poll answers when a message comes.
    // Read on from the last message: nothing new yet, so it waits.
    expect(after).toBe(studentPeer.after + 3);
    const waiting = mentor.browser.request(`${api}?peer=${mentorPeer.peer}&after=${after}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      (await student.browser.postJson(api, { intent: "chat", peer: studentPeer.peer, text: "Hello, can you see my screen?" })).status,
    ).toBe(200);
    type Read = { after: number; messages: { kind: string; from: string; body: string }[] };
    const woken = (await (await waiting).json()) as Read;
    expect(woken.messages).toEqual([expect.objectContaining({ kind: "chat", body: "Hello, can you see my screen?" })]);
    const peersInRoom = async () => (await site.db.selectFrom("room_peers").select("peer").where("booking_id", "=", id).execute()).length;

    // A person takes one place: the student's second page takes the place of the first, which must join again.
    const secondPage = await join(student.browser);
    expect(await peersInRoom()).toBe(3);
    const firstPage = await student.browser.request(`${api}?peer=${studentPeer.peer}&after=0`);
    expect(firstPage.status).toBe(409);
    expect(await firstPage.text()).toContain("You are not in the room any more");
    const told = (await (await mentor.browser.request(`${api}?peer=${mentorPeer.peer}&after=${woken.after}`)).json()) as Read;
    expect(told.messages.map((message) => [message.kind, message.from])).toEqual([
      ["leave", studentPeer.peer],
      ["join", secondPage.peer],
    ]);

    // Seven people at most: four more administrators fill it, and an eighth is refused.
    const extraPeers = [];
    for (const extra of more.slice(0, 4)) extraPeers.push(await join(extra.browser));
    const eighth = await more[4]!.browser.postJson(api, { intent: "join" });
    expect(eighth.status).toBe(409);
    expect(await eighth.text()).toContain("The room is full: it holds 7 people at once.");
    expect(await peersInRoom()).toBe(7);
    // Leaving frees a place and tells the others; the chat stays with the booking.
    expect((await admin.browser.postJson(api, { intent: "leave", peer: adminPeer.peer })).status).toBe(204);
    expect((await more[4]!.browser.postJson(api, { intent: "join" })).status).toBe(200);
    expect(await (await mentor.browser.request(room)).text()).toContain("Hello, can you see my screen?");
    // Someone whose page went silent (no look for 45 s: moved back in the database) leaves at the others' next look.
    await site.db
      .updateTable("room_peers")
      .set({ seen_at: new Date(Date.now() - 60_000).toISOString() })
      .where("peer", "=", extraPeers[0]!.peer)
      .execute();
    const silent = (await (await mentor.browser.request(`${api}?peer=${mentorPeer.peer}&after=${told.after}`)).json()) as Read;
    expect(silent.messages.filter((message) => message.kind === "leave").map((message) => message.from)).toEqual(
      expect.arrayContaining([adminPeer.peer, extraPeers[0]!.peer]),
    );
    expect(await site.db.selectFrom("room_peers").select("peer").where("peer", "=", extraPeers[0]!.peer).execute()).toEqual([]);
  });

  it("refuse a person's room messages past their rate a minute, storing nothing of them, and open a long chat at its latest lines", async () => {
    const student = await person("student");
    const booked = await student.browser.postForm(`/mentorship/${slug}`, { at: collegeDayAhead(16).at("10:00"), reason: "Flexbox" });
    const id = bookingIdOf(booked)!;
    await moveSession(id, 5);
    const api = `/mentorship/bookings/${id}/room/messages`;
    const join = async (who: TestBrowser) => ((await (await who.postJson(api, { intent: "join" })).json()) as { peer: string }).peer;
    const studentPeer = await join(student.browser);
    const mentorPeer = await join(mentor.browser);
    const stored = async (kind: "chat" | "signal") =>
      (await site.db.selectFrom("room_messages").select("id").where("booking_id", "=", id).where("kind", "=", kind).execute()).length;
    const expectRefused = async (response: Response, what: string) => {
      expect(response.status).toBe(429);
      const wait = Number(response.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(((await response.json()) as { message: string }).message).toBe(
        `You are sending the room ${what}: wait ${wait} s, then try again.`,
      );
    };

    const chat = (who: TestBrowser, peer: string, text: string) => who.postJson(api, { intent: "chat", peer, text });
    for (let line = 1; line <= ROOM_CHAT_LINES_PER_MINUTE; line++)
      expect((await chat(student.browser, studentPeer, `Line ${line}`)).status).toBe(200);
    await expectRefused(await chat(student.browser, studentPeer, "One too many"), "more than 30 lines a minute");
    expect(await stored("chat")).toBe(ROOM_CHAT_LINES_PER_MINUTE);
    // Each person's lines are counted apart.
    expect((await chat(mentor.browser, mentorPeer, "Slow down, please.")).status).toBe(200);

    const candidate = { candidate: { candidate: "candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host", sdpMid: "0", sdpMLineIndex: 0 } };
    const signal = () => mentor.browser.postJson(api, { intent: "signal", peer: mentorPeer, to: studentPeer, signal: candidate });
    for (let sent = 1; sent <= ROOM_SIGNALS_PER_MINUTE; sent++) expect((await signal()).status).toBe(204);
    await expectRefused(await signal(), "more than 300 connection messages a minute");
    expect(await stored("signal")).toBe(ROOM_SIGNALS_PER_MINUTE);

    // A room opened after a long chat shows its latest lines, in order.
    const last = await site.db
      .selectFrom("room_messages")
      .selectAll()
      .where("booking_id", "=", id)
      .orderBy("seq", "desc")
      .executeTakeFirstOrThrow();
    const more = Array.from({ length: 1000 }, (_, n) => ({
      ...last,
      id: `${id}-more-${n}`,
      seq: Number(last.seq) + 1 + n,
      kind: "chat" as const,
      to_peer: null,
      body: `Later line ${n + 1}`,
    }));
    for (let from = 0; from < more.length; from += 100) {
      await site.db
        .insertInto("room_messages")
        .values(more.slice(from, from + 100))
        .execute();
    }
    const lines = (await chatOf(site.db, id)).map((line) => line.text);
    expect(lines).toEqual(more.map((line) => line.body));
    // The page's data carries them (the room's script draws the chat).
    const pageData = await (await student.browser.request(`/mentorship/bookings/${id}/room`)).text();
    expect(pageData).not.toContain("Line 30");
    expect(pageData).toContain("Later line 1000");
  });

  it("show administrators each mentor's use as a table and as CSV", async () => {
    const csv = await admin.browser.request("/staff/mentors/usage.csv");
    expect(csv.status).toBe(200);
    const [header, row] = (await csv.text()).trim().split(/\r?\n/);
    expect(header).toBe("mentor,on_site,office_hour_periods,upcoming,attended,no_shows,not_recorded,cancelled,students");
    expect(row).toMatch(/^Sneha Krishnan,yes,2,\d+,0,1,0,3,\d+$/);
    expect((await mentor.browser.request("/staff/mentors/usage.csv")).status).toBe(403);
    expect(visibleText(await (await admin.browser.request("/staff/mentors")).text())).toContain("Sneha Krishnan");
  });
});

describe.each(engines)("two instances on one %s database", (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let servers: RunningServer[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await createTestDatabase(engine, { prepared: true });
    smtp = await startSmtpStandIn();
    env = { ...database.env, TRUST_PROXY: "1", SMTP_URL: smtp.url };
    servers = await Promise.all([startServer(env), startServer(env)]);
    handle = database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await smtp?.close();
    await database?.drop();
  });

  /** Registers in `browser` with the link the mail server received. */
  async function register(browser: TestBrowser, email: string, name = "Test Learner") {
    const fields = { name, phone: "9840012345", email, password1: testPassword, password2: testPassword };
    expect((await browser.postForm("/register", fields)).status).toBe(200);
    await until(() => smtp.received.some((mail) => mail.to.includes(email)), `the registration mail to ${email}`);
    await confirmRegistrationLink(browser, linkIn(smtp.received.find((mail) => mail.to.includes(email))!.text));
  }

  it("send each reminder exactly once, whichever instance claims it", async () => {
    const teacher = `teacher-${process.pid}@college.example`;
    await assignRole(handle.db, teacher, "teacher");
    await assignRole(handle.db, `admin-${process.pid}@college.example`, "admin");
    const first = new TestBrowser(servers[0]!.url, "198.51.100.7");
    await register(first, teacher, "Joseph Antony");
    const admin = new TestBrowser(servers[1]!.url, "198.51.100.8");
    await register(admin, `admin-${process.pid}@college.example`, "Admin");
    expect((await admin.postForm("/staff/mentors", { intent: "enable", email: teacher })).status).toBe(303);
    const day = collegeDayAhead(3);
    expect(
      (
        await first.postForm("/staff/mentoring", {
          intent: "add-hours",
          weekday: day.weekday,
          starts: "09:00",
          ends: "10:00",
          slot_minutes: "60",
          capacity: "6",
          mode: "campus",
          room: "Lab 3",
        })
      ).status,
    ).toBe(303);
    const students = await Promise.all(
      [0, 1, 2].map(async (n) => {
        const browser = new TestBrowser(servers[n % 2]!.url, `198.51.100.${20 + n}`);
        await register(browser, `student-${n}-${process.pid}@college.example`);
        expect((await browser.postForm("/mentorship/joseph-antony", { at: day.at("09:00"), reason: `Question ${n}` })).status).toBe(303);
        return browser;
      }),
    );
    expect(students).toHaveLength(3);
    // A one-to-one slot pressed at once by a crowd spread over both instances: one gets it.
    const crowd = await Promise.all(
      [0, 1, 2, 3].map(async (n) => {
        const browser = new TestBrowser(servers[n % 2]!.url, `198.51.100.${30 + n}`);
        await register(browser, `crowd-${n}-${process.pid}@college.example`);
        return browser;
      }),
    );
    expect(
      (
        await first.postForm("/staff/mentoring", {
          intent: "add-hours",
          weekday: day.weekday,
          starts: "13:00",
          ends: "13:30",
          slot_minutes: "30",
          capacity: "1",
          mode: "campus",
          room: "Lab 4",
        })
      ).status,
    ).toBe(303);
    const pressed = await Promise.all(
      crowd.map((browser) => browser.postForm("/mentorship/joseph-antony", { at: day.at("13:00"), reason: "Last place" })),
    );
    expect(pressed.map((answer) => answer.status).sort()).toEqual([303, 409, 409, 409]);
    expect(
      (await handle.db.selectFrom("mentor_slots").select("taken").where("starts_at", "=", day.at("13:00")).executeTakeFirstOrThrow()).taken,
    ).toBe(1);
    // Their reminders fall due now, with both instances polling the outbox.
    await handle.db
      .updateTable("mentorship_mails")
      .set({ next_attempt_at: new Date().toISOString() })
      .where("kind", "like", "reminder%")
      .execute();
    await until(
      async () => (await handle.db.selectFrom("mentorship_mails").select("status").where("status", "!=", "sent").execute()).length === 0,
      "every mentorship mail sent",
      30_000,
    );
    const reminders = smtp.received.filter((mail) => mail.headers.get("subject")?.startsWith("Reminder:"));
    // Four bookings (three students, and the crowd's winner), each with two reminders to its student and to the mentor.
    expect(reminders).toHaveLength(16);
    const ids = reminders.map((mail) => mail.headers.get("message-id"));
    expect(new Set(ids).size).toBe(16);
    const confirmations = smtp.received.filter((mail) => mail.headers.get("subject")?.startsWith("Booked:"));
    expect(confirmations).toHaveLength(8);
    expect(confirmations[0]!.raw).toContain("text/calendar; charset=utf-8; method=REQUEST");
  });

  it("keep reminders through every instance killed at once, sending each once when it falls due", async () => {
    const day = collegeDayAhead(3);
    const student = new TestBrowser(servers[0]!.url, "198.51.100.40");
    await register(student, `restart-${process.pid}@college.example`);
    const booked = await student.postForm("/mentorship/joseph-antony", { at: day.at("09:00"), reason: "After the restart" });
    expect(booked.status).toBe(303);
    const id = /bookings\/([0-9a-f-]{36})/.exec(booked.headers.get("location") ?? "")![1]!;
    const unsent = async () =>
      (
        await handle.db.selectFrom("mentorship_mails").select("kind").where("booking_id", "=", id).where("status", "!=", "sent").execute()
      ).map((mail) => mail.kind);
    // The confirmations go at once; the four reminders wait for their time, in the database only.
    await until(async () => (await unsent()).every((kind) => kind.startsWith("reminder")), "the confirmations sent", 20_000);
    expect(await unsent()).toHaveLength(4);
    await Promise.all(
      servers.map((server) => {
        process.kill(server.pid, "SIGKILL");
        return server.exited;
      }),
    );
    // Their time comes while no instance runs.
    await handle.db
      .updateTable("mentorship_mails")
      .set({ next_attempt_at: new Date().toISOString() })
      .where("booking_id", "=", id)
      .execute();
    servers = await Promise.all([startServer(env), startServer(env)]);
    await until(async () => (await unsent()).length === 0, "the reminders sent after the restart", 30_000);
    const reminders = smtp.received.filter(
      (mail) => mail.headers.get("subject")?.startsWith("Reminder:") && mail.text.includes("After the restart"),
    );
    expect(reminders.map((mail) => mail.to).sort()).toEqual(
      [
        [`restart-${process.pid}@college.example`],
        [`restart-${process.pid}@college.example`],
        [`teacher-${process.pid}@college.example`],
        [`teacher-${process.pid}@college.example`],
      ].sort(),
    );
    expect(new Set(reminders.map((mail) => mail.headers.get("message-id"))).size).toBe(4);
  }, 90_000);

  it("relay a live room's messages between people on different instances", async () => {
    const day = collegeDayAhead(4);
    const teacherBrowser = new TestBrowser(servers[0]!.url, "198.51.100.9");
    await assignRole(handle.db, `room-teacher-${process.pid}@college.example`, "teacher");
    await register(teacherBrowser, `room-teacher-${process.pid}@college.example`, "Rahul Menon");
    const admin = new TestBrowser(servers[1]!.url, "198.51.100.10");
    await assignRole(handle.db, `room-admin-${process.pid}@college.example`, "admin");
    await register(admin, `room-admin-${process.pid}@college.example`, "Admin Two");
    expect(
      (await admin.postForm("/staff/mentors", { intent: "enable", email: `room-teacher-${process.pid}@college.example` })).status,
    ).toBe(303);
    const hours = {
      intent: "add-hours",
      weekday: day.weekday,
      starts: "11:00",
      ends: "12:00",
      slot_minutes: "60",
      capacity: "1",
      mode: "online",
    };
    expect((await teacherBrowser.postForm("/staff/mentoring", hours)).status).toBe(303);
    const student = new TestBrowser(servers[1]!.url, "198.51.100.11");
    await register(student, `room-student-${process.pid}@college.example`);
    const booked = await student.postForm("/mentorship/rahul-menon", { at: day.at("11:00"), reason: "Review my Java." });
    const id = /bookings\/([0-9a-f-]{36})/.exec(booked.headers.get("location") ?? "")![1]!;
    await handle.db
      .updateTable("mentor_slots")
      .set({ starts_at: new Date(Date.now() + 60_000).toISOString(), ends_at: new Date(Date.now() + 31 * 60_000).toISOString() })
      .where(
        "mentor_sub",
        "=",
        (await handle.db.selectFrom("mentors").select("sub").where("slug", "=", "rahul-menon").executeTakeFirstOrThrow()).sub,
      )
      .execute();
    const api = `/mentorship/bookings/${id}/room/messages`;
    // The mentor on the first instance, the student on the second.
    const mentorPeer = (await (await teacherBrowser.postJson(api, { intent: "join" })).json()) as { peer: string };
    const studentPeer = (await (await student.postJson(api, { intent: "join" })).json()) as { peer: string; after: number };
    const waiting = teacherBrowser.request(`${api}?peer=${mentorPeer.peer}&after=${studentPeer.after}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answer = { description: { type: "answer", sdp: "v=0\r\n" } };
    expect((await student.postJson(api, { intent: "signal", peer: studentPeer.peer, to: mentorPeer.peer, signal: answer })).status).toBe(
      204,
    );
    const { messages } = (await (await waiting).json()) as { messages: { kind: string; from: string; body: string }[] };
    expect(messages.map((message) => [message.kind, message.from])).toEqual([["signal", studentPeer.peer]]);
    expect(JSON.parse(messages[0]!.body)).toEqual(answer);
  });
});

describe.each(engines)("bookings made before they kept their meeting address, on %s", (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it("take the address their mentor had, online ones only, as their mails said", async () => {
    await migrateTo(handle.db, "025-mentorship");
    const db = handle.db as never as import("kysely").Kysely<Record<string, Record<string, unknown>>>;
    const now = new Date().toISOString();
    await handle.db.transaction().execute(async (trx) => {
      await (trx as never as typeof db)
        .insertInto("mentors")
        .values([
          { sub: "m1", slug: "m-one", name: "M One", meeting_url: "https://meet.jit.si/m-one", created_at: now, updated_at: now },
          { sub: "m2", slug: "m-two", name: "M Two", meeting_url: null, created_at: now, updated_at: now },
        ])
        .execute();
      await raiseContentVersion(trx, "mentors");
    });
    const slot = (id: string, mentor: string, mode: string) => ({
      id,
      mentor_sub: mentor,
      starts_at: `${now}-${id}`,
      ends_at: now,
      capacity: 1,
      mode,
      room: mode === "campus" ? "Lab 1" : null,
      taken: 1,
    });
    await db
      .insertInto("mentor_slots")
      .values([slot("s1", "m1", "online"), slot("s2", "m1", "campus"), slot("s3", "m2", "online")])
      .execute();
    const booking = (id: string, slotId: string, mentor: string) => ({
      id,
      slot_id: slotId,
      mentor_sub: mentor,
      student_sub: "learner",
      student_name: "Learner",
      reason: "Help",
      status: "booked",
      created_at: now,
    });
    await db
      .insertInto("mentor_bookings")
      .values([booking("b1", "s1", "m1"), booking("b2", "s2", "m1"), booking("b3", "s3", "m2")])
      .execute();

    await migrateToLatest(handle.db);
    expect(await handle.db.selectFrom("mentor_bookings").select(["id", "meeting_url"]).orderBy("id").execute()).toEqual([
      { id: "b1", meeting_url: "https://meet.jit.si/m-one" },
      { id: "b2", meeting_url: null },
      { id: "b3", meeting_url: null },
    ]);
  });
});

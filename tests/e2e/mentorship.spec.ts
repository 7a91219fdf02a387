import { expect, type Page } from "@playwright/test";
import { site as college } from "#app/content/site.ts";
import { assignRole } from "#app/features/auth/roles.server.ts";
import { nextDay, weekdayNames, weekdayOf, zonedDay } from "#app/features/mentorship/zoned-time.ts";
import { mailCatcherPorts } from "./ports.ts";
import { open } from "./open.ts";
import { e2ePassword } from "./register.ts";
import { seriousViolations } from "./page-checks.ts";
import { siteOfItsOwn } from "./site-of-its-own.ts";
import { newContext, test } from "./test.ts";

// A site of its own: the tests make mentors and book their slots.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const own = siteOfItsOwn();
const stamp = Date.now();
const adminEmail = `mentor-admin-${stamp}@example.com`;
const mentorEmail = `mentor-${stamp}@example.com`;
const day = nextDay(zonedDay(new Date(), college.timeZone).day, 2);

test.beforeAll(async () => {
  await assignRole(own.db, adminEmail, "admin");
  await assignRole(own.db, mentorEmail, "teacher");
});

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Opens `path` as the mentor, signing in on the way. */
async function signIn(page: Page, path: string) {
  await open(page, path);
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(mentorEmail);
  await main.getByLabel("Password").fill(e2ePassword);
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Books the first slot whose choice is named like `slot`, for `reason`: the booking page's address and the booking's id. */
async function bookFirst(page: Page, slot: RegExp, reason: string) {
  const main = page.getByRole("main");
  await main.getByRole("radio", { name: slot }).first().check();
  await main.getByLabel("What do you need help with?").fill(reason);
  await main.getByRole("button", { name: "Book this slot" }).click();
  await expect(main.getByRole("status")).toContainText("Booked.");
  const bookingPath = new URL(page.url()).pathname;
  return { bookingPath, id: bookingPath.split("/").at(-1)! };
}

async function mailsTo(address: string) {
  const response = await fetch(`http://127.0.0.1:${mailCatcherPorts.http}/mails?to=${encodeURIComponent(address)}`);
  return (await response.json()) as Array<{ subject: string; text: string }>;
}

test("an administrator makes a teacher a mentor, who publishes office hours", async ({ browser }) => {
  const admin = await own.signedIn(browser, adminEmail, "Asha Admin");
  await own.signedIn(browser, mentorEmail, "Sneha Krishnan").then(({ context }) => context.close());
  const main = admin.page.getByRole("main");
  await open(admin.page, "/staff/mentors");
  await expectAccessible(admin.page);
  await main.getByLabel("The teacher's email address").fill(mentorEmail);
  await main.getByLabel("Card on the Our Team page").selectOption("Sneha Krishnan");
  await main.getByRole("button", { name: "Make a mentor" }).click();
  await expect(main.getByText("Saved: they are a mentor now")).toBeVisible();
  await expect(main.getByRole("rowheader", { name: "Sneha Krishnan" })).toBeVisible();
  // The usage table with its first row.
  await expectAccessible(admin.page);
  await open(admin.page, "/team");
  await expect(admin.page.getByRole("link", { name: "Book a session with Sneha Krishnan" })).toHaveAttribute(
    "href",
    "/mentorship/sneha-krishnan",
  );

  const mentor = await newContext(browser, { baseURL: own.url, reducedMotion: "reduce" });
  const page = await mentor.newPage();
  await signIn(page, "/staff/mentoring");
  await expect(page).toHaveURL(/\/staff\/mentoring/);
  const staff = page.getByRole("main");
  await expectAccessible(page);
  // A room is needed for hours on campus: the form says so, keeping what was typed.
  await staff.getByLabel("Day", { exact: true }).selectOption(weekdayNames[weekdayOf(day) - 1]!);
  await staff.getByLabel("From", { exact: true }).fill("15:00");
  await staff.getByLabel("To", { exact: true }).fill("15:30");
  await staff.getByLabel("Students per slot").selectOption("2");
  await staff.getByLabel("Where", { exact: true }).selectOption("campus");
  await staff.getByRole("button", { name: "Add office hours" }).click();
  await expect(staff.getByText("Say which room on campus")).toBeVisible();
  await expect(staff.getByLabel("From", { exact: true })).toHaveValue("15:00");
  await expectAccessible(page);
  await staff.getByLabel("Room on campus").fill("Block B, room 204");
  await staff.getByRole("button", { name: "Add office hours" }).click();
  await expect(staff.getByText("The office hours are added")).toBeVisible();
  await expect(staff.getByText(/s, 15:00 to 15:30: slots of 30 minutes, up to 2 students, on campus \(Block B, room 204\)/)).toBeVisible();
  await expectAccessible(page);
  // A day off, listed, then taken back (the students' tests below book this mentor's slots).
  const away = nextDay(day, 21);
  await staff.getByLabel("A day you are away").fill(away);
  await staff.getByRole("button", { name: "Add the day off" }).click();
  await expect(staff.getByText("The day off is added")).toBeVisible();
  await expectAccessible(page);
  await staff.getByRole("button", { name: `Remove the day off ${away}` }).click();
  await expect(staff.getByText("The day off is removed.")).toBeVisible();
  await mentor.close();
});

test("two students take the slot's two places, its last place once; the booking mails an invitation and keeps reminders", async ({
  browser,
}) => {
  const first = await own.signedIn(browser, `mentee-1-${stamp}@example.com`, "Meena One");
  const second = await own.signedIn(browser, `mentee-2-${stamp}@example.com`, "Ravi Two");
  for (const [person, left, checked] of [
    [first, "2 of 2 places left", true],
    [second, "1 of 2 places left", false],
  ] as const) {
    await open(person.page, "/mentorship");
    // Each page and state is checked by axe once: for the first student.
    if (checked) await expectAccessible(person.page);
    await person.page.getByRole("link", { name: "Book a session with Sneha Krishnan" }).click();
    const main = person.page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Book a session with Sneha Krishnan" })).toBeVisible();
    if (checked) await expectAccessible(person.page);
    const slot = main.getByRole("radio", { name: new RegExp(`On campus, Block B, room 204: ${left}`) }).first();
    await slot.check();
    await main.getByLabel("What do you need help with?").fill("My flexbox layout breaks on phones.");
    await main.getByLabel("Which lesson or quiz is it about? (optional)").selectOption({ index: 2 });
    await main.getByRole("button", { name: "Book this slot" }).click();
    await expect(main.getByRole("status")).toContainText("Booked. A confirmation with a calendar invitation is on its way");
    await expect(main.getByText(/1 hour before: to be sent/)).toBeVisible();
    if (!checked) continue;
    await expectAccessible(person.page);
    // The cancellation's confirmation, kept from.
    await main.getByRole("link", { name: "Cancel this booking" }).click();
    await expect(main.getByRole("button", { name: "Yes, cancel it" })).toBeVisible();
    await expectAccessible(person.page);
    await main.getByRole("link", { name: "Keep it" }).click();
    await expect(main.getByRole("link", { name: "Cancel this booking" })).toBeVisible();
  }
  // The last place was taken once: the slot is full for anyone else now.
  await open(second.page, "/mentorship/sneha-krishnan");
  await expect(
    second.page
      .getByRole("main")
      .getByRole("radio", { name: /Block B, room 204: full/ })
      .first(),
  ).toBeDisabled();
  await expectAccessible(second.page);

  // A visitor sees the mentors and is asked to sign in to book.
  const visitor = await newContext(browser, { baseURL: own.url, reducedMotion: "reduce" });
  const visitorPage = await visitor.newPage();
  await open(visitorPage, "/mentorship");
  await expect(visitorPage.getByRole("main").getByRole("link", { name: "Book a session with Sneha Krishnan" })).toBeVisible();
  await expectAccessible(visitorPage);
  await visitor.close();

  await expect(async () => {
    const booked = (await mailsTo(`mentee-1-${stamp}@example.com`)).find((mail) =>
      mail.subject.startsWith("Booked: mentoring session with Sneha Krishnan"),
    );
    expect(booked?.text).toContain("BEGIN:VCALENDAR");
    expect(booked?.text).toContain("METHOD:REQUEST");
  }).toPass({ timeout: 20_000 });
});

test("without JavaScript a student books and cancels; the mentor records a no-show the student reads", async ({ browser }) => {
  const signedIn = await own.signedIn(browser, `mentee-4-${stamp}@example.com`, "Arun Four");
  const state = await signedIn.context.storageState();
  const context = await newContext(browser, { baseURL: own.url, javaScriptEnabled: false, storageState: state });
  const page = await context.newPage();
  const main = page.getByRole("main");
  // No JavaScript: nothing hydrates, so the page is opened plainly.
  await page.goto("/mentorship/sneha-krishnan");
  const cancelled = await bookFirst(page, /2 of 2 places left/, "Recursion in Java.");
  await main.getByRole("link", { name: "Cancel this booking" }).click();
  await main.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(main.getByRole("status")).toContainText("The booking is cancelled.");
  await expect(main.getByRole("heading", { name: /\(cancelled\)/ })).toBeVisible();

  // Booked again, and the session's time comes (moved back in the database): the mentor records a no-show.
  // No JavaScript: nothing hydrates, so the page is opened plainly.
  await page.goto("/mentorship/sneha-krishnan");
  const { bookingPath, id } = await bookFirst(page, /2 of 2 places left/, "Recursion, again.");
  const { slot_id } = await own.db.selectFrom("mentor_bookings").select("slot_id").where("id", "=", id).executeTakeFirstOrThrow();
  await own.db
    .updateTable("mentor_slots")
    .set({ starts_at: new Date(Date.now() - 40 * 60_000).toISOString(), ends_at: new Date(Date.now() - 10 * 60_000).toISOString() })
    .where("id", "=", slot_id)
    .execute();

  const mentor = await newContext(browser, { baseURL: own.url, reducedMotion: "reduce" });
  const mentorPage = await mentor.newPage();
  await signIn(mentorPage, bookingPath);
  const mentorMain = mentorPage.getByRole("main");
  await mentorMain.getByLabel("Did not come (no-show)").check();
  await mentorMain.getByLabel("Notes for the student (optional)").fill("Waited fifteen minutes. Book again when you can.");
  await mentorMain.getByRole("button", { name: "Save" }).click();
  await expect(mentorMain.getByRole("status")).toContainText("Saved.");
  await expectAccessible(mentorPage);
  // The cancelled booking, and the mentor's lists of sessions with both in the past ones.
  await open(mentorPage, cancelled.bookingPath);
  await expect(mentorMain.getByRole("heading", { name: /\(cancelled\)/ })).toBeVisible();
  await expectAccessible(mentorPage);
  await open(mentorPage, "/staff/mentoring");
  await expect(mentorMain.getByRole("link", { name: /Arun Four/ })).toHaveCount(2);
  await expect(mentorMain.getByText("(no-show)")).toBeVisible();
  await expectAccessible(mentorPage);

  await page.reload();
  await expect(main.getByText("Did not come (no-show)")).toBeVisible();
  await expect(main.getByText("Waited fifteen minutes. Book again when you can.")).toBeVisible();
  // (axe runs script in the page: not in this one without JavaScript; the mentor's page above showed the same.)
  await context.close();
  await mentor.close();
});

test.describe("the live room", () => {
  test("the mentor and the student see each other's video arrive; a third person is refused", async ({ browser }) => {
    const { sub } = await own.db.selectFrom("mentors").select("sub").where("email", "=", mentorEmail).executeTakeFirstOrThrow();
    await own.db
      .insertInto("office_hours")
      .values({
        id: `online-${stamp}`,
        mentor_sub: sub,
        weekday: weekdayOf(day),
        starts: "18:00",
        ends: "18:30",
        slot_minutes: 30,
        capacity: 1,
        mode: "online",
        room: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const media = { permissions: ["camera", "microphone"], reducedMotion: "reduce" as const };
    const student = await own.signedIn(browser, `mentee-room-${stamp}@example.com`, "Priya Room");
    const main = student.page.getByRole("main");
    await open(student.page, "/mentorship/sneha-krishnan");
    const { bookingPath, id } = await bookFirst(student.page, /Online: one-to-one/, "My React state does not update.");
    const { slot_id } = await own.db.selectFrom("mentor_bookings").select("slot_id").where("id", "=", id).executeTakeFirstOrThrow();
    await own.db
      .updateTable("mentor_slots")
      .set({ starts_at: new Date(Date.now() + 5 * 60_000).toISOString(), ends_at: new Date(Date.now() + 35 * 60_000).toISOString() })
      .where("id", "=", slot_id)
      .execute();
    await student.context.grantPermissions(media.permissions, { origin: own.url });

    await open(student.page, bookingPath);
    await main.getByRole("link", { name: "live room" }).click();
    await expect(main.getByRole("button", { name: "Join with camera and microphone" })).toBeVisible();
    await expectAccessible(student.page);
    await main.getByRole("button", { name: "Join with camera and microphone" }).click();
    await expect(main.getByText("You", { exact: true })).toBeVisible();

    const mentor = await newContext(browser, { baseURL: own.url, ...media });
    const mentorPage = await mentor.newPage();
    await signIn(mentorPage, `${bookingPath}/room`);
    const mentorMain = mentorPage.getByRole("main");
    await mentorMain.getByRole("button", { name: "Join with camera and microphone" }).click();

    for (const [page, other] of [
      [student.page, "Sneha Krishnan"],
      [mentorPage, "Priya Room"],
    ] as const) {
      await expect(page.getByRole("main").getByText(new RegExp(`${other} \\((mentor|student)\\): Connected`))).toBeVisible({
        timeout: 20_000,
      });
      // Frames of the other's camera arrive and are decoded.
      await expect
        .poll(
          () =>
            page.evaluate(
              () => document.querySelector<HTMLVideoElement>("video[data-peer]")?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
            ),
          {
            timeout: 20_000,
          },
        )
        .toBeGreaterThan(0);
    }
    await expectAccessible(student.page);

    // A line of chat reaches the other, and stays with the booking.
    await main.getByLabel("Message", { exact: true }).fill("Can you see my editor?");
    await main.getByRole("button", { name: "Send" }).click();
    await expect(mentorMain.getByRole("list", { name: "Messages" })).toContainText("Priya Room: Can you see my editor?");

    // Sharing the screen replaces the camera for the other (Chromium's fake picker chooses the screen).
    const seenWidth = () => mentorPage.evaluate(() => document.querySelector<HTMLVideoElement>("video[data-peer]")?.videoWidth ?? 0);
    const cameraWidth = await seenWidth();
    await main.getByRole("button", { name: "Share the screen" }).click();
    await expect(main.getByRole("button", { name: "Share the screen" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(seenWidth, { timeout: 20_000 }).not.toBe(cameraWidth);
    await main.getByRole("button", { name: "Share the screen" }).click();
    await expect(main.getByRole("button", { name: "Share the screen" })).toHaveAttribute("aria-pressed", "false");
    await expect.poll(seenWidth, { timeout: 20_000 }).toBe(cameraWidth);

    // Anyone else is refused, as if there were no such booking.
    const stranger = await own.signedIn(browser, `mentee-stranger-${stamp}@example.com`, "Someone Else");
    const refused = await stranger.page.goto(`${bookingPath}/room`);
    expect(refused?.status()).toBe(404);
    await expect(stranger.page.getByRole("main")).toContainText("Page Not Found");

    await mentorMain.getByRole("button", { name: "Leave the room" }).click();
    await expect(main.getByText(/Sneha Krishnan \(mentor\)/)).toHaveCount(0, { timeout: 20_000 });
    await mentor.close();
  });
});

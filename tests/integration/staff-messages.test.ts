import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignRole } from "#app/features/auth/roles.server.ts";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { registeredBrowser } from "../setup/accounts.ts";
import { messageRow, storeMessage, type ContactMessageRow } from "../setup/contact-outbox.ts";
import { engines } from "../setup/databases.ts";
import { responseText, visibleText } from "../setup/html.ts";
import type { TestBrowser } from "../setup/http-client.ts";
import { startSite, type RunningSite } from "../setup/server.ts";

const minutes = (n: number) => new Date(Date.UTC(2026, 2, 2, 4, 30) + n * 60_000);

describe.each(engines)("the staff page of contact messages on %s", (engine) => {
  let site: RunningSite;
  let handle: DatabaseHandle;
  let moderator: TestBrowser;
  let moderatorEmail: string;
  let student: TestBrowser;
  /** The four newest messages, one per status, newest first. */
  let newest: ContactMessageRow[];

  beforeAll(async () => {
    // No delivery configured: the site keeps messages here, and nothing changes the rows below.
    site = await startSite({ TRUST_PROXY: "1" }, engine);
    handle = site.database.open();
    ({ browser: moderator, email: moderatorEmail } = await registeredBrowser(site.url));
    expect(await assignRole(handle.db, moderatorEmail, "moderator")).toBe(1);
    ({ browser: student } = await registeredBrowser(site.url));

    // 21 older messages received in the same second (the page break falls among them, so paging
    // must go by id too), then four newer ones in each state the page describes.
    for (let n = 0; n < 21; n++) {
      await storeMessage(handle.db, {
        delivery: false,
        createdAt: minutes(0),
        id: `older-${String(n).padStart(2, "0")}`,
        name: `Older ${n}`,
      });
    }
    newest = [
      await storeMessage(handle.db, {
        createdAt: minutes(103),
        name: "Kept Person",
        delivery: false,
        message: "Line one\n    indented <b>not bold</b>",
      }),
      await storeMessage(handle.db, {
        createdAt: minutes(102),
        name: "Failed Person",
        status: "failed",
        attempts: 1,
        next_attempt_at: null,
        last_error: "550 Mailbox unavailable",
      }),
      await storeMessage(handle.db, {
        createdAt: minutes(101),
        name: "Waiting Person",
        status: "pending",
        attempts: 2,
        next_attempt_at: minutes(110).toISOString(),
        last_error: "connect ECONNREFUSED",
      }),
      await storeMessage(handle.db, {
        createdAt: minutes(100),
        name: "Sent Person",
        email: "sent@example.com",
        phone: "+91 98400 12345",
        status: "sent",
        attempts: 1,
        next_attempt_at: null,
        delivered_at: minutes(100.5).toISOString(),
      }),
    ];
    await handle.db
      .insertInto("contact_delivery_attempts")
      .values([
        {
          id: "a1",
          message_id: newest[2]!.id,
          attempted_at: minutes(101).toISOString(),
          outcome: "failed",
          detail: "connect ECONNREFUSED 127.0.0.1:25",
        },
        {
          id: "a2",
          message_id: newest[2]!.id,
          attempted_at: minutes(102).toISOString(),
          outcome: "failed",
          detail: "connect ECONNREFUSED 127.0.0.1:25",
        },
        {
          id: "a3",
          message_id: newest[3]!.id,
          attempted_at: minutes(100.5).toISOString(),
          outcome: "sent",
          detail: "Sent by email to office@college.example: 250 OK",
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await handle?.close();
    await site?.stop();
  });

  /** The names of the messages on a page, in order. */
  const namesOn = (html: string) => [...html.matchAll(/<h2 id="message-[^"]+-name"[^>]*>([^<]+)<\/h2>/g)].map((match) => match[1]);
  const handledState = async (id: string) => {
    const { handled_at, handled_by } = await messageRow(handle.db, id);
    return { handled_at, handled_by };
  };

  it("sends a visitor to sign in first, and back here after", async () => {
    const response = await fetch(`${site.url}/staff/messages`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/signin?return_to=%2Fstaff%2Fmessages");
  });

  it("shows a student the 403 page saying why", async () => {
    const response = await student.request("/staff/messages");
    expect(response.status).toBe(403);
    const text = await responseText(response);
    expect(text).toContain("You cannot open this page");
    expect(text).toContain("This page is only for moderators and administrators. You are signed in as a student.");
    expect(text).not.toContain("Kept Person");
  });

  it("refuses a student's 'Mark as handled' with 403 and changes nothing", async () => {
    const response = await student.postForm("/staff/messages", { intent: "handle", id: newest[0]!.id });
    expect(response.status).toBe(403);
    expect(await handledState(newest[0]!.id)).toEqual({ handled_at: null, handled_by: null });
  });

  it("shows a moderator the messages newest first, 20 a page, with their details and delivery in words", async () => {
    const response = await moderator.request("/staff/messages");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(namesOn(html)).toEqual([
      "Kept Person",
      "Failed Person",
      "Waiting Person",
      "Sent Person",
      ...Array.from({ length: 16 }, (_, i) => `Older ${20 - i}`),
    ]);
    const text = visibleText(html);
    expect(text).toContain("Kept here: no delivery is configured");
    expect(text).toContain("Could not be delivered: 550 Mailbox unavailable");
    expect(text).toContain("Waiting to be delivered (attempt 3, next try at 2 Mar 2026, 11:50 am)");
    expect(text).toContain("Delivered on 2 Mar 2026, 11:40 am");
    expect(text).toContain("Kept Person Email person-");
    expect(text).toContain("Received 2 Mar 2026, 11:43 am Delivery Kept here");
    expect(text).toContain("Delivery attempts (2)");
    expect(text).toContain("2 Mar 2026, 11:41 am: failed — connect ECONNREFUSED 127.0.0.1:25 2 Mar 2026, 11:42 am: failed");
    expect(text).toContain("Sent by email to office@college.example: 250 OK");
    expect(html).toContain('href="mailto:sent@example.com"');
    expect(html).toContain('href="tel:+919840012345"');
    // The person's text as text: its markup is not markup, its spaces and line breaks are kept.
    expect(html).toMatch(/<p class="[^"]*whitespace-pre-wrap[^"]*">Line one\n {4}indented &lt;b&gt;not bold&lt;\/b&gt;<\/p>/);
    expect(text).toContain("Older messages");
  });

  it("pages back through older messages with the 'Older messages' link", async () => {
    const first = await (await moderator.request("/staff/messages")).text();
    const older = /<a[^>]*href="([^"]+)"[^>]*>Older messages<\/a>/.exec(first)?.[1]?.replace(/&amp;/g, "&");
    expect(older).toMatch(/^\/staff\/messages\?before=/);
    const response = await moderator.request(older!);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(namesOn(html)).toEqual(["Older 4", "Older 3", "Older 2", "Older 1", "Older 0"]);
    const text = visibleText(html);
    expect(text).not.toContain("Older messages");
    expect(text).toContain("Newest messages");
  });

  it("marks a message handled by the moderator, and not handled again", async () => {
    const message = newest[1]!;
    const marked = await moderator.postForm("/staff/messages", { intent: "handle", id: message.id });
    expect(marked.status).toBe(302);
    expect(marked.headers.get("location")).toBe(`/staff/messages#message-${message.id}`);
    const handled = await handledState(message.id);
    expect(handled).toEqual({ handled_at: expect.any(String), handled_by: `Test Learner (${moderatorEmail})` });

    const text = await responseText(await moderator.request("/staff/messages"));
    expect(text).toMatch(
      new RegExp(
        `Failed Person .*Handled by Test Learner \\(${moderatorEmail.replace(/\./g, "\\.")}\\) on \\d+ \\w+ 2\\d{3}.*Mark as not handled \\(message from Failed Person\\)`,
      ),
    );
    // The 'not handled' filter leaves it out; the others stay.
    const open = await (await moderator.request("/staff/messages?filter=open")).text();
    expect(namesOn(open).slice(0, 3)).toEqual(["Kept Person", "Waiting Person", "Sent Person"]);

    const unmarked = await moderator.postForm("/staff/messages?filter=open", { intent: "unhandle", id: message.id });
    expect(unmarked.status).toBe(302);
    expect(unmarked.headers.get("location")).toBe(`/staff/messages?filter=open#message-${message.id}`);
    expect(await handledState(message.id)).toEqual({ handled_at: null, handled_by: null });
    const openAgain = await (await moderator.request("/staff/messages?filter=open")).text();
    expect(namesOn(openAgain).slice(0, 4)).toEqual(["Kept Person", "Failed Person", "Waiting Person", "Sent Person"]);
  });

  it.each([
    [{ intent: "delete", id: "x" }, 400, "Unknown action: the form asks for 'Mark as handled' or 'Mark as not handled'."],
    [{ id: "x" }, 400, "Unknown action: the form asks for 'Mark as handled' or 'Mark as not handled'."],
    [{ intent: "handle" }, 400, "The form did not say which message."],
    [
      { intent: "handle", id: "no-such-message" },
      404,
      "There is no message with this id. Reload the page to see the messages as they are now.",
    ],
  ])("answers a malformed post %j with %i and a message, changing nothing", async (fields, status, message) => {
    const before = await handle.db.selectFrom("contact_messages").select(["id", "handled_at"]).orderBy("id").execute();
    const response = await moderator.postForm("/staff/messages", fields);
    expect(response.status).toBe(status);
    const text = await responseText(response);
    expect(text).toContain(message);
    // The page is still there around the message.
    expect(text).toContain("Kept Person");
    expect(await handle.db.selectFrom("contact_messages").select(["id", "handled_at"]).orderBy("id").execute()).toEqual(before);
  });

  it("answers an address that names no page with 400 and a way back", async () => {
    const response = await moderator.request("/staff/messages?before=yesterday");
    expect(response.status).toBe(400);
    const text = await responseText(response);
    expect(text).toContain("This address does not name a page of messages: start again from the newest. Show the newest messages.");
  });

  it("links the page from a moderator's profile, not from a student's", async () => {
    expect(await (await moderator.request("/profile")).text()).toContain('href="/staff/messages"');
    expect(await (await student.request("/profile")).text()).not.toContain('href="/staff/messages"');
  });
});

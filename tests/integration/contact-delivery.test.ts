import { sql } from "kysely";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverDueMessages, startDeliverer, type DelivererOptions } from "#app/lib/outbox/deliverer.server.ts";
import { claimDueMessages } from "#app/lib/outbox/delivery-queue.server.ts";
import { createFormServiceTransport } from "#app/features/contact/form-service-transport.server.ts";
import { createSmtpTransport } from "#app/features/contact/smtp-transport.server.ts";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { attemptRows, messageRow, storeMessage, waitFor } from "../setup/contact-outbox.ts";
import { createTestDatabase, engines, type TestDatabase } from "../setup/databases.ts";
import { startFormServiceStandIn } from "../setup/form-service-stand-in.ts";
import { startSmtpStandIn, type SmtpStandIn } from "../setup/smtp-stand-in.ts";
import { freePort } from "../setup/free-port.ts";
import { startServer, startSite, type RunningServer, type RunningSite } from "../setup/server.ts";

const office = "office@college.example";
const website = "website@college.example";
const subject = "New Submission from the contact page";

describe.each(engines)("contact delivery on %s", (engine) => {
  describe("by the running site, over SMTP", () => {
    let smtp: SmtpStandIn;
    let site: RunningSite;
    let handle: DatabaseHandle;

    beforeAll(async () => {
      smtp = await startSmtpStandIn();
      site = await startSite({ SMTP_URL: smtp.url, CONTACT_TO: office, CONTACT_FROM: website }, engine);
      handle = site.database.open();
    });
    afterAll(async () => {
      await handle?.close();
      await site?.stop();
      await smtp?.close();
    });

    it("mails a stored message to CONTACT_TO, answerable by replying, and records it as sent", async () => {
      const stored = await storeMessage(handle.db, {
        name: "Meena R",
        email: "meena.r@example.com",
        phone: "9840012345",
        message: "Is there a\n  weekend batch?",
      });
      const row = await waitFor(
        () => messageRow(handle.db, stored.id),
        (row) => row.status !== "pending" && row.status !== "sending",
      );

      expect(row).toMatchObject({ status: "sent", attempts: 1, last_error: null, claimed_until: null });
      expect(row.delivered_at).toEqual(expect.any(String));
      const [mail, ...more] = smtp.receivedFor(stored.id);
      expect(more).toEqual([]);
      expect(mail!.to).toEqual([office]);
      expect(mail!.from).toBe(website);
      expect(mail!.headers.get("subject")).toBe(subject);
      expect(mail!.headers.get("reply-to")).toBe("Meena R <meena.r@example.com>");
      expect(mail!.text).toContain(
        "Name: Meena R\nEmail: meena.r@example.com\nPhone: 9840012345\n\nMessage:\nIs there a\n  weekend batch?",
      );
      expect(await attemptRows(handle.db, stored.id)).toEqual([
        expect.objectContaining({ outcome: "sent", detail: expect.stringContaining(`Sent by email to ${office}`) }),
      ]);
      // One info line per delivery, naming the message but not what the person wrote. It is written
      // after the row is marked sent, so it may reach the test's pipe a moment later.
      const logged = await waitFor(
        async () => site.logs.filter((line) => line.msg === "contact message delivered"),
        (lines) => lines.length > 0,
      );
      expect(logged).toEqual([expect.objectContaining({ level: 30, messageId: stored.id })]);
      expect(JSON.stringify(site.logs)).not.toContain("weekend batch");
    });

    it("never stores or logs the SMTP password, even when the mail server echoes it", async () => {
      smtp.behave({ kind: "refuse-login", message: (password) => `Authentication failed for password ${password}` });
      const stored = await storeMessage(handle.db);
      const row = await waitFor(
        () => messageRow(handle.db, stored.id),
        (row) => row.attempts > 0 && row.status !== "sending",
      );
      smtp.behave({ kind: "accept" });

      // A refused login is the site's configuration, not the message: it is tried again.
      expect(row.status).toBe("pending");
      expect(row.last_error).toContain("Authentication failed for password [redacted]");
      const [attempt] = await attemptRows(handle.db, stored.id);
      expect(attempt).toMatchObject({ outcome: "failed", detail: row.last_error });
      await waitFor(
        async () => site.logs,
        (logs) => logs.some((line) => line.messageId === stored.id),
      );
      const warning = site.logs.find((line) => line.messageId === stored.id);
      expect(warning).toMatchObject({ level: 40, msg: "contact message not delivered; will try again" });
      const everything = JSON.stringify({ logs: site.logs, row, attempt });
      expect(everything).not.toContain(smtp.password);
      expect(everything).not.toContain(encodeURIComponent(smtp.password));
    });

    it("stops cleanly with the deliverer running (no timer keeps the process alive)", async () => {
      const stopping = site.stop();
      site = undefined as unknown as RunningSite;
      await handle.close();
      handle = undefined as unknown as DatabaseHandle;
      expect(await stopping).toBe(0);
    });
  });

  describe("by the deliverer module, on a clock the test moves", () => {
    let database: TestDatabase;
    let handle: DatabaseHandle;
    let smtp: SmtpStandIn;
    let formService: Awaited<ReturnType<typeof startFormServiceStandIn>>;
    let clock: Date;
    let logLines: string[];
    const accessKey = "form-service-access-key-0123456789";

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      handle = database.open();
      await migrateToLatest(handle.db);
      smtp = await startSmtpStandIn();
      formService = await startFormServiceStandIn();
    });
    afterAll(async () => {
      await handle?.close();
      await database?.drop();
      await smtp?.close();
      await formService?.close();
    });
    beforeEach(async () => {
      clock = new Date("2026-03-02T04:30:00.000Z");
      logLines = [];
      smtp.behave({ kind: "accept" });
      formService.behave({ kind: "success" });
    });
    afterEach(async () => {
      // Each test starts with an empty outbox.
      await handle.db.deleteFrom("contact_delivery_attempts").execute();
      await handle.db.deleteFrom("contact_messages").execute();
    });

    const logger = () => pino({ level: "info", base: undefined }, { write: (line: string) => logLines.push(line) });
    const options = (transport: DelivererOptions["transport"], db = handle.db): DelivererOptions => ({
      db,
      transport,
      logger: logger(),
      postgres: engine === "postgres",
      now: () => new Date(clock),
      random: () => 0.5,
    });
    const bySmtp = () => createSmtpTransport({ url: smtp.url, to: office, from: website });
    const byFormService = () => createFormServiceTransport({ url: formService.url, accessKey });
    const store = (changes: Parameters<typeof storeMessage>[1] = {}) => storeMessage(handle.db, { createdAt: clock, ...changes });
    const later = (ms: number) => new Date(clock.getTime() + ms);

    it("tries again after a temporary failure (mail server down), and delivers once it is back", async () => {
      const stored = await store();
      await smtp.down();
      expect(await deliverDueMessages(options(bySmtp()))).toBe(1);

      const waiting = await messageRow(handle.db, stored.id);
      expect(waiting).toMatchObject({ status: "pending", attempts: 1, claimed_until: null });
      expect(waiting.last_error).toMatch(/ECONNREFUSED/);
      // 30 s after the first failure, plus the jitter (a tenth at most; half of it here).
      expect(waiting.next_attempt_at).toBe(later(31_500).toISOString());
      expect(await attemptRows(handle.db, stored.id)).toEqual([expect.objectContaining({ outcome: "failed", detail: waiting.last_error })]);
      expect(logLines.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({ level: 40, messageId: stored.id, msg: "contact message not delivered; will try again" }),
      ]);

      await smtp.up();
      // Not due yet: nothing is sent before its time.
      expect(await deliverDueMessages(options(bySmtp()))).toBe(0);
      expect(smtp.receivedFor(stored.id)).toEqual([]);

      clock = new Date(waiting.next_attempt_at!);
      expect(await deliverDueMessages(options(bySmtp()))).toBe(1);
      expect(await messageRow(handle.db, stored.id)).toMatchObject({
        status: "sent",
        attempts: 2,
        last_error: null,
        delivered_at: clock.toISOString(),
      });
      expect((await attemptRows(handle.db, stored.id)).map((attempt) => attempt.outcome)).toEqual(["failed", "sent"]);
      expect(smtp.receivedFor(stored.id)).toHaveLength(1);
    });

    it("waits longer after each failure, at most about an hour", async () => {
      const stored = await store();
      await smtp.down();
      const waits: number[] = [];
      for (let attempt = 1; attempt <= 9; attempt++) {
        await deliverDueMessages(options(bySmtp()));
        const row = await messageRow(handle.db, stored.id);
        waits.push((new Date(row.next_attempt_at!).getTime() - clock.getTime()) / 1000);
        clock = new Date(row.next_attempt_at!);
      }
      await smtp.up();
      expect(waits).toEqual([31.5, 63, 126, 252, 504, 1008, 2016, 3780, 3780]);
      expect(await messageRow(handle.db, stored.id)).toMatchObject({ status: "pending", attempts: 9 });
    });

    it("gives up a message still not delivered 24 hours after it was sent, and keeps it", async () => {
      const stored = await store({
        createdAt: new Date(clock.getTime() - 24 * 60 * 60 * 1000 + 60_000),
        attempts: 30,
        next_attempt_at: clock.toISOString(),
      });
      await smtp.down();
      await deliverDueMessages(options(bySmtp()));
      // One minute before the mark: the next try is at the mark itself, not later.
      const last = await messageRow(handle.db, stored.id);
      expect(last).toMatchObject({ status: "pending", attempts: 31, next_attempt_at: later(60_000).toISOString() });

      clock = later(60_000);
      await deliverDueMessages(options(bySmtp()));
      await smtp.up();
      const row = await messageRow(handle.db, stored.id);
      expect(row).toMatchObject({ status: "failed", attempts: 32, next_attempt_at: null, name: stored.name, message: stored.message });
      expect(row.last_error).toMatch(/^Gave up after 24 hours of trying\. Last error: .*ECONNREFUSED/);
      expect(JSON.parse(logLines.at(-1)!)).toMatchObject({
        level: 40,
        messageId: stored.id,
        msg: "contact message could not be delivered",
      });
      // Given up is final: the deliverer leaves it alone.
      clock = later(60 * 60 * 1000);
      expect(await deliverDueMessages(options(bySmtp()))).toBe(0);
    });

    it("fails at once, with the reason, when the mail server refuses the message for good (550)", async () => {
      const stored = await store();
      smtp.behave({ kind: "refuse", code: 550, message: "Mailbox office@college.example unavailable" });
      await deliverDueMessages(options(bySmtp()));
      const row = await messageRow(handle.db, stored.id);
      expect(row).toMatchObject({ status: "failed", attempts: 1, next_attempt_at: null });
      expect(row.last_error).toContain("550 Mailbox office@college.example unavailable");
      expect(await attemptRows(handle.db, stored.id)).toEqual([expect.objectContaining({ outcome: "failed", detail: row.last_error })]);
      clock = later(2 * 60 * 60 * 1000);
      expect(await deliverDueMessages(options(bySmtp()))).toBe(0);
    });

    it("tries again when the mail server refuses for now (451)", async () => {
      const stored = await store();
      smtp.behave({ kind: "refuse", code: 451, message: "Greylisted, try again later" });
      await deliverDueMessages(options(bySmtp()));
      const row = await messageRow(handle.db, stored.id);
      expect(row).toMatchObject({ status: "pending", attempts: 1, next_attempt_at: later(31_500).toISOString() });
      expect(row.last_error).toContain("451 Greylisted, try again later");
    });

    it("posts the message to the form service as multipart form data and records its answer", async () => {
      const stored = await store({ name: "Arun K", email: "arun@example.com", phone: "+919840012345", message: "" });
      await deliverDueMessages(options(byFormService()));
      expect(formService.received).toHaveLength(1);
      const [post] = formService.received;
      expect(post!.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(post!.fields).toEqual({
        access_key: accessKey,
        name: "Arun K",
        email: "arun@example.com",
        phone: "+919840012345",
        message: "",
        from_name: "eLEARNING",
        subject,
      });
      expect(await messageRow(handle.db, stored.id)).toMatchObject({ status: "sent", attempts: 1, delivered_at: clock.toISOString() });
      expect(await attemptRows(handle.db, stored.id)).toEqual([
        expect.objectContaining({ outcome: "sent", detail: "Accepted by the form service: Email sent successfully!" }),
      ]);
    });

    it("fails at once when the form service refuses (success: false), without storing or logging the access key it echoes", async () => {
      const stored = await store();
      formService.behave({ kind: "refuse", message: (key) => `Invalid access key ${key}` });
      await deliverDueMessages(options(byFormService()));
      const row = await messageRow(handle.db, stored.id);
      expect(row).toMatchObject({ status: "failed", attempts: 1 });
      expect(row.last_error).toBe("The form service refused the message (HTTP 400): Invalid access key [redacted]");
      const attempts = await attemptRows(handle.db, stored.id);
      expect(attempts).toEqual([expect.objectContaining({ outcome: "failed", detail: row.last_error })]);
      expect(logLines).toHaveLength(1);
      expect(JSON.stringify({ row, attempts, logLines })).not.toContain(accessKey);
    });

    it.each([
      ["answers 500", { kind: "error" } as const, "The form service answered HTTP 500: Internal error"],
      [
        "answers with a redirect (not followed)",
        { kind: "redirect" } as const,
        "The form service answered with a redirect (HTTP 302); check CONTACT_FORWARD_URL",
      ],
    ])("tries again later when the form service %s", async (_, behaviour, error) => {
      const stored = await store();
      formService.behave(behaviour);
      const posts = formService.received.length;
      await deliverDueMessages(options(byFormService()));
      expect(formService.received).toHaveLength(posts + 1);
      expect(await messageRow(handle.db, stored.id)).toMatchObject({
        status: "pending",
        attempts: 1,
        last_error: error,
        next_attempt_at: later(31_500).toISOString(),
      });
    });

    it("tries again later when the form service cannot be reached", async () => {
      const stored = await store();
      const nobodyListens = createFormServiceTransport({ url: `http://127.0.0.1:${await freePort()}/submit`, accessKey });
      await deliverDueMessages(options(nobodyListens));
      const row = await messageRow(handle.db, stored.id);
      expect(row).toMatchObject({ status: "pending", attempts: 1, last_error: "Could not reach the form service: ECONNREFUSED" });
    });

    it.each([
      ["after the second one has finished", "second"],
      ["while the second one is still sending", "first"],
    ] as const)(
      "keeps the outcome of the deliverer that took over when the first one's late failure comes in %s",
      async (_, answeredFirst) => {
        const stored = await store();
        smtp.behave({ kind: "hold" });
        const first = deliverDueMessages(options(bySmtp()));
        await smtp.holding(1);
        // Five minutes on, the first claim has run out: a second deliverer takes the message over.
        clock = later(5 * 60 * 1000);
        const second = deliverDueMessages(options(bySmtp()));
        await smtp.holding(2);
        if (answeredFirst === "second") {
          smtp.answerHeld(1, { kind: "accept" });
          expect(await second).toBe(1);
          smtp.answerHeld(0, { kind: "refuse", code: 451, message: "Try again later" });
          expect(await first).toBe(1);
        } else {
          smtp.answerHeld(0, { kind: "refuse", code: 451, message: "Try again later" });
          expect(await first).toBe(1);
          expect(await messageRow(handle.db, stored.id)).toMatchObject({ status: "sending", attempts: 0 });
          smtp.answerHeld(0, { kind: "accept" });
          expect(await second).toBe(1);
        }
        smtp.behave({ kind: "accept" });

        expect(await messageRow(handle.db, stored.id)).toMatchObject({ status: "sent", attempts: 1, delivered_at: clock.toISOString() });
        // Both attempts happened, and both are on record.
        expect((await attemptRows(handle.db, stored.id)).map((attempt) => attempt.outcome).sort()).toEqual(["failed", "sent"]);
        expect(logLines.map((line) => JSON.parse(line).msg)).toContain("contact message claim expired during the attempt");
      },
    );

    it("claims at most a batch at a time, each message once", async () => {
      const stored = await Promise.all(Array.from({ length: 12 }, () => store()));
      const claim = () =>
        claimDueMessages(handle.db, { now: clock, claimedUntil: later(60_000), limit: 5, postgres: engine === "postgres" });
      const batches = [await claim(), await claim(), await claim(), await claim()];
      expect(batches.map((batch) => batch.length)).toEqual([5, 5, 2, 0]);
      const claimed = batches.flat();
      expect(new Set(claimed.map((row) => row.id))).toEqual(new Set(stored.map((row) => row.id)));
      expect(claimed.every((row) => row.status === "sending" && row.claimed_until === later(60_000).toISOString())).toBe(true);
    });

    // Row locks with SKIP LOCKED exist only on PostgreSQL; SQLite serialises writers, so there is nothing to race.
    it.runIf(engine === "postgres")("lets a second deliverer claim other messages while the first one's claim is still open", async () => {
      const stored = await Promise.all(Array.from({ length: 10 }, () => store()));
      const claim = (db: typeof handle.db) => claimDueMessages(db, { now: clock, claimedUntil: later(60_000), limit: 5, postgres: true });
      const other = database.open();
      try {
        let second: Promise<{ id: string }[]> | undefined;
        const first = await handle.db.transaction().execute(async (trx) => {
          const claimed = await claim(trx);
          second = claim(other.db);
          // The second claim either finishes beside the open first one, or waits for its locks:
          // waiting would mean it could take the same rows once the first commits.
          const waiting = () =>
            sql<{
              waiting: number;
            }>`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
              handle.db,
            );
          const blocked = (async () => {
            while ((await waiting()).rows[0]!.waiting === 0) await new Promise((resolve) => setTimeout(resolve, 20));
            return "blocked" as const;
          })();
          expect(await Promise.race([second.then(() => "done" as const), blocked])).toBe("done");
          return claimed;
        });
        const ids = [...first, ...(await second!)].map((row) => row.id);
        expect(ids).toHaveLength(10);
        expect(new Set(ids)).toEqual(new Set(stored.map((row) => row.id)));
      } finally {
        await other.close();
      }
    });

    it("takes over a message whose deliverer died mid-send once its claim has run out", async () => {
      const stuck = await store({ status: "sending", attempts: 2, claimed_until: later(60_000).toISOString() });
      // Still claimed: left alone.
      expect(await deliverDueMessages(options(bySmtp()))).toBe(0);
      clock = later(60_000);
      expect(await deliverDueMessages(options(bySmtp()))).toBe(1);
      expect(await messageRow(handle.db, stuck.id)).toMatchObject({ status: "sent", attempts: 3, claimed_until: null });
      expect(smtp.receivedFor(stuck.id)).toHaveLength(1);
    });

    it("with two deliverers on separate connections, sends each of 50 messages exactly once", async () => {
      const stored = await Promise.all(Array.from({ length: 50 }, () => store()));
      const other = database.open();
      try {
        // The first deliverer's first batch is held at the mail server while the second starts,
        // so both surely work; once released, they race for the other 40.
        smtp.behave({ kind: "hold" });
        const first = deliverDueMessages(options(bySmtp()));
        await smtp.holding(5);
        const second = deliverDueMessages(options(bySmtp(), other.db));
        await smtp.holding(10);
        smtp.release();
        const [byFirst, bySecond] = await Promise.all([first, second]);
        expect(byFirst + bySecond).toBe(50);
        expect(byFirst).toBeGreaterThanOrEqual(5);
        expect(bySecond).toBeGreaterThanOrEqual(5);
      } finally {
        await other.close();
      }
      const ids = stored.map((row) => row.id);
      const mailed = smtp.received.map((mail) => mail.headers.get("x-contact-message-id")).filter((id) => ids.includes(id!));
      expect(mailed).toHaveLength(50);
      expect(new Set(mailed).size).toBe(50);
      const attempts = await attemptRows(handle.db);
      expect(attempts.filter((attempt) => attempt.outcome === "sent")).toHaveLength(50);
      expect(await handle.db.selectFrom("contact_messages").select("status").where("status", "!=", "sent").execute()).toEqual([]);
    });

    it("stops only after the attempt in flight is recorded", async () => {
      const stored = await store();
      smtp.behave({ kind: "hold" });
      const deliverer = startDeliverer({ ...options(bySmtp()), pollIntervalMs: 20 });
      await smtp.holding();
      const stopped = deliverer.stop();
      smtp.release();
      await stopped;
      expect(await messageRow(handle.db, stored.id)).toMatchObject({ status: "sent", attempts: 1 });
      expect(await attemptRows(handle.db, stored.id)).toEqual([expect.objectContaining({ outcome: "sent" })]);
    });

    it("delivers at once when woken instead of at the next poll, and a round in progress takes what was stored meanwhile", async () => {
      // Polls once at start, then not again within the test: only wake() can bring the messages out.
      const deliverer = startDeliverer({ ...options(bySmtp()), pollIntervalMs: 10 * 60 * 1000 });
      try {
        // Let the first poll find the outbox empty and finish.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const first = await store();
        deliverer.wake();
        await waitFor(
          () => messageRow(handle.db, first.id),
          (row) => row?.status === "sent",
        );
        // Stored and woken while a round is still sending: that round takes it too.
        smtp.behave({ kind: "hold" });
        const second = await store();
        deliverer.wake();
        await smtp.holding();
        const third = await store();
        deliverer.wake();
        smtp.release();
        await waitFor(
          () => messageRow(handle.db, third.id),
          (row) => row?.status === "sent",
        );
        expect(await messageRow(handle.db, second.id)).toMatchObject({ status: "sent" });
      } finally {
        await deliverer.stop();
      }
    });
  });

  describe("by two site instances on one database", () => {
    let database: TestDatabase;
    let smtp: SmtpStandIn;
    let instances: RunningServer[] = [];

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      smtp = await startSmtpStandIn();
    });
    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await database?.drop();
      await smtp?.close();
    });

    it("deliver each of 50 waiting messages exactly once", async () => {
      const handle = database.open();
      try {
        await migrateToLatest(handle.db);
        const stored = await Promise.all(Array.from({ length: 50 }, () => storeMessage(handle.db)));
        // Both start on a full outbox, so both claim from it at once.
        instances = await Promise.all([1, 2].map(() => startServer({ ...database.env, SMTP_URL: smtp.url, CONTACT_TO: office })));
        await waitFor(
          () => handle.db.selectFrom("contact_messages").select("status").where("status", "!=", "sent").execute(),
          (rows) => rows.length === 0,
        );
        const ids = new Set(stored.map((row) => row.id));
        const mailed = smtp.received.map((mail) => mail.headers.get("x-contact-message-id")!).filter((id) => ids.has(id));
        expect(mailed).toHaveLength(50);
        expect(new Set(mailed).size).toBe(50);
        expect(await attemptRows(handle.db)).toHaveLength(50);
      } finally {
        await handle.close();
      }
    });
  });
});

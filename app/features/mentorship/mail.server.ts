// Mails about bookings, through an outbox of their own (mentorship_mails): stored in the
// transaction of the booking or its cancellation, delivered and retried in the background by
// whichever instance claims them. Reminders are stored with the booking, due 24 hours and 1 hour
// before it: an instance that restarts, or two that run, send each exactly once (the outbox's claim).
// Without SMTP_URL they are written to the log instead, as account mails are.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { site } from "#app/content/site.ts";
import { mailSender, siteOrigin, type Config } from "#app/lib/config/env.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { startDeliverer } from "#app/lib/outbox/deliverer.server.ts";
import { smtpOutboxTransport } from "#app/lib/outbox/smtp.server.ts";
import type { Transport } from "#app/lib/outbox/transport.ts";
import { invitation, type SessionEvent } from "./calendar.server.ts";
import { formatInZone, zoneName } from "./zoned-time.ts";

export type MentorshipMail = Database["mentorship_mails"];

/** What a mail is for; one of each per booking and recipient (the outbox's unique key). */
export type MailKind = "confirmation" | "cancellation" | "reminder-24h" | "reminder-1h";

const hour = 60 * 60 * 1000;
export const reminders = [
  { kind: "reminder-24h", before: 24 * hour, words: "tomorrow" },
  { kind: "reminder-1h", before: hour, words: "in one hour" },
] as const;

export interface MailSettings {
  origin: string;
  sender: string;
}

export const mailSettingsOf = (config: Config): MailSettings => ({ origin: siteOrigin(config), sender: mailSender(config) });

const inCollegeTime = (iso: string) => `${formatInZone(iso, site.timeZone)} ${zoneName(site.timeZone, new Date(iso))}`;

function body(event: SessionEvent, lines: string[]) {
  return [
    ...lines,
    "",
    `When: ${inCollegeTime(event.startsAt)} (${Math.round((Date.parse(event.endsAt) - Date.parse(event.startsAt)) / 60000)} minutes)`,
    `Where: ${event.where}`,
    `Mentor: ${event.mentor.name}`,
    `Student: ${event.student.name}`,
    `About: ${event.reason}`,
    "",
    `The booking: ${event.url}`,
    "",
    `${site.brand}`,
  ].join("\n");
}

async function store(
  trx: Kysely<Database>,
  event: SessionEvent,
  mail: {
    kind: MailKind;
    recipient: string;
    subject: string;
    text: string;
    dueAt: Date;
    calendar?: { method: "REQUEST" | "CANCEL"; text: string };
  },
) {
  const due = mail.dueAt.toISOString();
  await trx
    .insertInto("mentorship_mails")
    .values({
      id: randomUUID(),
      booking_id: event.bookingId,
      kind: mail.kind,
      recipient: mail.recipient,
      subject: mail.subject,
      text: mail.text,
      calendar: mail.calendar?.text ?? null,
      calendar_method: mail.calendar?.method ?? null,
      created_at: due,
      status: "pending",
      attempts: 0,
      next_attempt_at: due,
    })
    // The same mail stored twice (a retried request) is the one mail.
    .onConflict((conflict) => conflict.columns(["booking_id", "kind", "recipient"]).doNothing())
    .execute();
}

const recipientsOf = (event: SessionEvent) =>
  [
    { email: event.student.email, you: "student" as const },
    { email: event.mentor.email, you: "mentor" as const },
  ].filter((person): person is { email: string; you: "student" | "mentor" } => Boolean(person.email));

/** The confirmation (with its invitation) for the student and the mentor, and the reminders still ahead. */
export async function queueBookingMails(trx: Kysely<Database>, event: SessionEvent, settings: MailSettings, now = new Date()) {
  const calendar = invitation(event, settings.origin, settings.sender);
  for (const { email, you } of recipientsOf(event)) {
    const other = you === "student" ? event.mentor.name : event.student.name;
    await store(trx, event, {
      kind: "confirmation",
      recipient: email,
      subject: `Booked: mentoring session with ${other}, ${formatInZone(event.startsAt, site.timeZone)}`,
      text: body(event, [
        you === "student"
          ? `Your mentoring session with ${event.mentor.name} is booked. The invitation attached adds it to your calendar.`
          : `${event.student.name} booked a session of your office hours. The invitation attached adds it to your calendar.`,
      ]),
      dueAt: now,
      calendar,
    });
    for (const reminder of reminders) {
      const dueAt = new Date(Date.parse(event.startsAt) - reminder.before);
      // A reminder whose time has passed would arrive with the confirmation: it is not sent.
      if (dueAt.getTime() <= now.getTime()) continue;
      await store(trx, event, {
        kind: reminder.kind,
        recipient: email,
        subject: `Reminder: mentoring session with ${other} ${reminder.words}`,
        text: body(event, [`A reminder: your mentoring session with ${other} is ${reminder.words}.`]),
        dueAt,
      });
    }
  }
}

/** The cancellation (with the CANCEL invitation) for both; reminders not yet sent are taken back. */
export async function queueCancellationMails(
  trx: Kysely<Database>,
  event: SessionEvent,
  cancelledBy: string,
  settings: MailSettings,
  now = new Date(),
) {
  await trx
    .deleteFrom("mentorship_mails")
    .where("booking_id", "=", event.bookingId)
    .where(
      "kind",
      "in",
      reminders.map((reminder) => reminder.kind),
    )
    .where("status", "=", "pending")
    .execute();
  const calendar = invitation({ ...event, cancelled: true }, settings.origin, settings.sender);
  for (const { email, you } of recipientsOf(event)) {
    const other = you === "student" ? event.mentor.name : event.student.name;
    await store(trx, event, {
      kind: "cancellation",
      recipient: email,
      subject: `Cancelled: mentoring session with ${other}, ${formatInZone(event.startsAt, site.timeZone)}`,
      text: body(event, [
        `The mentoring session with ${other} was cancelled by ${cancelledBy}. The invitation attached removes it from your calendar.`,
      ]),
      dueAt: now,
      calendar,
    });
  }
}

/** A text/calendar alternative with its METHOD: mail programs show it as an invitation. */
const invitationPart = (mail: MentorshipMail) =>
  mail.calendar && mail.calendar_method
    ? { icalEvent: { method: mail.calendar_method, filename: "invitation.ics", content: mail.calendar } }
    : {};

/** Without SMTP_URL: each mail is written to the log when due, where the operator can read it. */
function logTransport(logger: Logger): Transport<MentorshipMail> {
  return {
    name: "log",
    secrets: [],
    async deliver(mail) {
      logger.warn(
        { recipient: mail.recipient, subject: mail.subject, text: mail.text, calendarMethod: mail.calendar_method },
        "mentorship mail not sent: SMTP_URL is not set, so it is written here",
      );
      return { ok: true, detail: "Written to the log (SMTP_URL is not set)" };
    },
  };
}

export interface MentorshipMailer {
  /** Delivers what was just stored rather than at the next poll; call once the transaction committed. */
  wake(): void;
  stop(): Promise<void>;
}

export function startMentorshipMailer(config: Config, db: Kysely<Database>, logger: Logger): MentorshipMailer {
  const component = logger.child({ component: "mentorship-mail-deliverer" });
  return startDeliverer({
    db,
    outbox: "mentorship_mails",
    transport: config.SMTP_URL
      ? smtpOutboxTransport(config.SMTP_URL, { name: site.brand, address: mailSender(config) }, "mentoring", invitationPart)
      : logTransport(component),
    logger: component,
    postgres: Boolean(config.DATABASE_URL),
    // Reminders fall due on their own, with nothing to wake the deliverer: it looks every 15 s.
    pollIntervalMs: 15_000,
  });
}

/** Mails settled more than 30 days ago: the booking page shows what was sent, for a while. */
export async function pruneMentorshipMails(db: Kysely<Database>, now = new Date()): Promise<void> {
  const monthAgo = new Date(now.getTime() - 30 * 24 * hour).toISOString();
  await db.deleteFrom("mentorship_mails").where("status", "in", ["sent", "failed"]).where("delivered_at", "<", monthAgo).execute();
}

import { contactFormIdentity } from "./fields.ts";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { site } from "#app/content/site.ts";
import { formatIndiaTime } from "./format-time.ts";
import { type ContactTransport, type DeliveryOutcome, type OutboxMessage } from "./transport.ts";

export interface SmtpSettings {
  /** SMTP_URL: smtp(s)://user:password@host:port */
  url: string;
  /** CONTACT_TO */
  to: string;
  /** CONTACT_FROM, else no-reply@ the site's host. */
  from: string;
}

// A mail server that does not answer must not hold a delivery (and a shutdown) for minutes.
const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/** The mail staff receive: the person's details in plain text; replying answers the person. */
export function contactMailText(message: OutboxMessage): string {
  return [
    contactFormIdentity.subject,
    "",
    `Name: ${message.name}`,
    `Email: ${message.email}`,
    `Phone: ${message.phone}`,
    "",
    "Message:",
    message.message || "(no message)",
    "",
    `Received: ${formatIndiaTime(message.created_at)} (India time)`,
    `Reply to this mail to answer ${message.name}.`,
  ].join("\n");
}

/** Passwords in the URL are percent-encoded; servers may echo either form. */
function urlSecrets(url: string): string[] {
  const password = new URL(url).password;
  return password ? [password, decodeURIComponent(password)] : [];
}

interface SmtpError {
  message?: string;
  code?: string;
  responseCode?: number;
}

/**
 * What a failed send means. A 5xx answer refuses this message for good, except a refused login:
 * that is the site's configuration, and once fixed the message can still go out.
 */
function failureOf(error: unknown): DeliveryOutcome {
  const { message, code, responseCode } = (error ?? {}) as SmtpError;
  const permanent = typeof responseCode === "number" && responseCode >= 500 && code !== "EAUTH";
  return { ok: false, permanent, detail: message || String(error) };
}

/** Sends mails over SMTP_URL; every mail the site sends goes through one of these. */
export function createSmtpMailer(url: string) {
  const mailer = nodemailer.createTransport({ url, ...timeouts });
  return {
    secrets: urlSecrets(url),
    /**
     * `messageId` names the outbox row: the same Message-ID on every attempt, so a mail sent twice
     * (an instance died between sending and recording) is recognised as one by most mail systems.
     */
    async send(mail: SendMailOptions & { to: string; messageId: string }): Promise<DeliveryOutcome> {
      try {
        const info = await mailer.sendMail(mail);
        return { ok: true, detail: `Sent by email to ${mail.to}: ${info.response}` };
      } catch (error) {
        return failureOf(error);
      }
    },
  };
}

/** The host part of Message-IDs: the sending address's domain. */
export const messageIdHost = (from: string) => from.split("@")[1] ?? "localhost";

/** Sends each message as one mail over SMTP_URL to CONTACT_TO. */
export function createSmtpTransport({ url, to, from }: SmtpSettings): ContactTransport {
  const mailer = createSmtpMailer(url);
  return {
    name: "email",
    secrets: mailer.secrets,
    deliver: (message) =>
      mailer.send({
        from: { name: `${site.brand} contact form`, address: from },
        to,
        replyTo: { name: message.name, address: message.email },
        subject: contactFormIdentity.subject,
        text: contactMailText(message),
        messageId: `<contact-${message.id}@${messageIdHost(from)}>`,
        headers: { "X-Contact-Message-Id": message.id },
      }),
  };
}

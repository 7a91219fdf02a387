// Mail over SMTP_URL, for every outbox that sends mail (contact messages, account mails, mentoring sessions' mails).
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { DeliveryOutcome, Transport } from "./transport.ts";

// A mail server that does not answer must not hold a delivery (and a shutdown) for minutes.
const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

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

/** A mail an outbox keeps: one recipient, a subject and a text. */
interface OutboxMail {
  id: string;
  recipient: string;
  subject: string;
  text: string;
}

/**
 * An outbox's mails sent over SMTP_URL from `sender` (its name and address), each with a Message-ID
 * of its row (`<kind>-<id>@host`); `extra` adds what a kind of mail carries besides its text (an invitation).
 */
export function smtpOutboxTransport<Mail extends OutboxMail>(
  smtpUrl: string,
  sender: { name: string; address: string },
  kind: string,
  extra: (mail: Mail) => Omit<SendMailOptions, "from" | "to" | "subject" | "text" | "messageId"> = () => ({}),
): Transport<Mail> {
  const mailer = createSmtpMailer(smtpUrl);
  return {
    name: "email",
    secrets: mailer.secrets,
    deliver: (mail) =>
      mailer.send({
        ...extra(mail),
        from: sender,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        messageId: `<${kind}-${mail.id}@${messageIdHost(sender.address)}>`,
      }),
  };
}

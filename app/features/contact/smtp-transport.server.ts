import { contactFormIdentity } from "./fields.ts";
import { site } from "#app/content/site.ts";
import { formatCollegeTime } from "#app/lib/text/college-time.ts";
import { createSmtpMailer, messageIdHost } from "#app/lib/outbox/smtp.server.ts";
import { type ContactTransport, type OutboxMessage } from "./transport.ts";

export interface SmtpSettings {
  /** SMTP_URL: smtp(s)://user:password@host:port */
  url: string;
  /** CONTACT_TO */
  to: string;
  /** CONTACT_FROM, else no-reply@ the site's host. */
  from: string;
}

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
    `Received: ${formatCollegeTime(message.created_at)} (India time)`,
    `Reply to this mail to answer ${message.name}.`,
  ].join("\n");
}

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

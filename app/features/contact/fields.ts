// What the contact form's browser code needs to know about its fields. Kept apart from
// schemas.ts so the page does not carry zod (see docs/performance.md).
import { site } from "#app/content/site.ts";

export const NAME_MAX_LENGTH = 100;
export const MESSAGE_MAX_LENGTH = 5000;
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 20;

export const contactFieldLabels = {
  name: "Your Name",
  email: "Your Email",
  phone: "Your Phone",
  message: "Message",
} as const;

export type ContactField = keyof typeof contactFieldLabels;

/**
 * The spec's hidden fields. The page renders them like the spec's form does, but the server
 * never reads them back: whoever forwards a message uses these values, not posted ones.
 */
export const contactFormIdentity = {
  fromName: site.brand,
  subject: "New Submission from the contact page",
} as const;

/** Where a successful post leads (post/redirect/get): the page then says the message was sent. */
export const CONTACT_SENT_PATH = "/contact?sent=1";

/** The spec's status texts. */
export const contactStatusText = {
  sending: "Sending....",
  sent: "Form Submitted Successfully",
} as const;

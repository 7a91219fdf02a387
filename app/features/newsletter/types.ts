// Kept apart from schemas.ts so the browser bundle of the form does not carry zod.
export const EMAIL_MAX_LENGTH = 254;

/** What the sign-up action answers; the form shows `message`. */
export type NewsletterResult =
  | { status: "subscribed" | "already-subscribed"; message: string }
  | { status: "invalid" | "rate-limited"; message: string };

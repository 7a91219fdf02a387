/** What the sign-up action answers; the form shows `message`. */
export type NewsletterResult = { status: "subscribed"; message: string } | { status: "invalid" | "rate-limited"; message: string };

// What an outbox delivers through: one attempt's outcome, and how a transport is shaped.

/**
 * How one delivery attempt ended. A temporary failure is tried again later; a permanent one
 * (the other side refused this message for good) is not.
 */
export type DeliveryOutcome = { ok: true; detail: string } | { ok: false; permanent: boolean; detail: string };

/** One way of getting an outbox's messages where they go: mail, or a form service. */
export interface Transport<Message> {
  /** For logs and the staff page: "email" or "form service". */
  readonly name: string;
  /** Values that must never be stored or logged (a password, an access key); see `redactSecrets`. */
  readonly secrets: readonly string[];
  deliver(message: Message): Promise<DeliveryOutcome>;
}

/**
 * Takes every secret out of a text that is about to be stored or logged: servers and services
 * sometimes echo what they were sent in their error messages.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of secrets) {
    if (secret) redacted = redacted.split(secret).join("[redacted]");
  }
  return redacted;
}

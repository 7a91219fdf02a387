import type { RequestServices } from "#app/context.ts";
import { fieldErrors } from "#app/lib/field-errors.ts";
import { HONEYPOT_FIELD } from "#app/lib/honeypot.ts";
import { consumeRateLimit } from "#app/lib/rate-limit.server.ts";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import { authorToken, feedbackAuthorCookie } from "./author-token.server.ts";
import type { FeedbackField } from "./limits.ts";
import { insertFeedback, type FeedbackRow } from "./queries.server.ts";
import { feedbackSchema } from "./schemas.ts";
import type { FeedbackFormResult } from "./types.ts";

/** Posts kept from one address in ten minutes: a few people sharing a connection, not a flood. */
const perAddressLimit = { limit: 5, windowSeconds: 10 * 60 };

const fields: FeedbackField[] = ["name", "comment", "image", "rating"];

export type FeedbackPostOutcome =
  | { ok: true; post: FeedbackRow; setCookie?: string }
  | { ok: false; status: 400 | 429; result: FeedbackFormResult; retryAfterSeconds?: number };

/** What the person typed, to put back into the form: text (or a JSON client's number), never an object made text. */
function typedValues(input: Record<string, unknown>): FeedbackFormResult["values"] {
  return Object.fromEntries(
    fields.flatMap((field) => {
      const value = input[field];
      return typeof value === "string" || typeof value === "number" ? [[field, String(value)]] : [];
    }),
  );
}

/**
 * One feedback post, from a form or a JSON client: checked, limited per address, then stored
 * with its author (the account, or this browser's deletion token). Nothing is stored on refusal.
 */
export async function postFeedback(
  { db, clientAddress, logger, secureCookies }: RequestServices,
  request: Request,
  user: SessionUser | null,
  input: Record<string, unknown>,
): Promise<FeedbackPostOutcome> {
  const values = typedValues(input);
  if (typeof input[HONEYPOT_FIELD] === "string" && input[HONEYPOT_FIELD].trim() !== "") {
    logger.info("feedback refused: honeypot filled");
    return { ok: false, status: 400, result: { errors: {}, values, form: "We could not accept this feedback. Please try again." } };
  }
  const parsed = feedbackSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, result: { errors: fieldErrors(parsed.error), values } };

  // Counted only once the post is valid: a typo fixed does not use up the allowance.
  const rate = await consumeRateLimit(db, { key: `feedback:${clientAddress}`, ...perAddressLimit });
  if (!rate.allowed) {
    const form = "You have posted a lot of feedback from this network in the last few minutes. Please try again in a little while.";
    return { ok: false, status: 429, result: { errors: {}, values, form }, retryAfterSeconds: rate.retryAfterSeconds };
  }

  if (user) return { ok: true, post: await insertFeedback(db, parsed.data, { sub: user.sub }) };
  const token = authorToken(request);
  const post = await insertFeedback(db, parsed.data, { tokenHash: token.hash });
  return { ok: true, post, setCookie: token.isNew ? feedbackAuthorCookie.set(token.token, secureCookies) : undefined };
}

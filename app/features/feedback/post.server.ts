import { data, redirect } from "react-router";
import type { RequestServices } from "#app/context.ts";
import { fieldErrors } from "#app/lib/forms/field-errors.ts";
import { readForm, refuseWhole, unreadableForm, type FormResult } from "#app/lib/forms/form-submission.server.ts";
import { HONEYPOT_FIELD } from "#app/lib/forms/honeypot.ts";
import { consumeRateLimit } from "#app/lib/http/rate-limit.server.ts";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import { authorToken, feedbackAuthorCookie } from "./author-token.server.ts";
import { insertFeedback, type FeedbackRow } from "./queries.server.ts";
import { feedbackSchema, type NewFeedback } from "./schemas.ts";
import { feedbackJson } from "./view.server.ts";

/** Posts kept from one address in ten minutes: a few people sharing a connection, not a flood. */
const perAddressLimit = { limit: 5, windowSeconds: 10 * 60 };

const honeypotMessage = "We could not accept this feedback. Please try again.";
const tooManyMessage = "You have posted a lot of feedback from this network in the last few minutes. Please try again in a little while.";

const isFilledHoneypot = (value: unknown) => typeof value === "string" && value.trim() !== "";

type Stored = { ok: true; post: FeedbackRow; setCookie?: string } | { ok: false; retryAfterSeconds: number };

/**
 * A checked post, limited per address, then stored with its author (the account, or this
 * browser's deletion token). Counted only once the post is valid: a typo fixed does not use up
 * the allowance.
 */
async function storeFeedback(
  { db, clientAddress, secureCookies }: RequestServices,
  request: Request,
  user: SessionUser | null,
  feedback: NewFeedback,
): Promise<Stored> {
  const rate = await consumeRateLimit(db, { key: `feedback:${clientAddress}`, ...perAddressLimit });
  if (!rate.allowed) return { ok: false, retryAfterSeconds: rate.retryAfterSeconds };
  if (user) return { ok: true, post: await insertFeedback(db, feedback, { sub: user.sub }) };
  const token = authorToken(request);
  const post = await insertFeedback(db, feedback, { tokenHash: token.hash });
  return { ok: true, post, setCookie: token.isNew ? feedbackAuthorCookie.set(token.token, secureCookies) : undefined };
}

/**
 * The wall's form: a stored post goes back to the wall (post/redirect/get); a refused one answers
 * the form's state (400, or 429 with Retry-After), and nothing is stored.
 */
export async function postFeedbackForm(request: Request, services: RequestServices, user: SessionUser | null) {
  const form = await readForm(request, feedbackSchema);
  if (!form) return data<FormResult>(unreadableForm(), { status: 400 });
  const { formData, submission } = form;
  if (isFilledHoneypot(formData.get(HONEYPOT_FIELD))) {
    services.logger.info("feedback refused: honeypot filled");
    return data<FormResult>(refuseWhole(submission, honeypotMessage), { status: 400 });
  }
  if (submission.status !== "success") return data<FormResult>(submission.reply(), { status: 400 });

  const stored = await storeFeedback(services, request, user, submission.value);
  if (!stored.ok) {
    const headers = { "Retry-After": String(stored.retryAfterSeconds) };
    return data<FormResult>(refuseWhole(submission, tooManyMessage), { status: 429, headers });
  }
  return redirect(`/feedback?posted=${stored.post.id}`, {
    status: 303,
    headers: stored.setCookie ? { "Set-Cookie": stored.setCookie } : undefined,
  });
}

/**
 * The spec's `POST /feedback/new` for JSON clients: a JSON body (or a form sent asking for JSON),
 * a JSON answer: 201 with the item, or the refusal with a message per field.
 */
export async function postFeedbackJson(request: Request, services: RequestServices, user: SessionUser | null): Promise<Response> {
  let input: unknown;
  try {
    input = request.headers.get("content-type")?.includes("json") ? await request.json() : Object.fromEntries(await request.formData());
  } catch {
    return Response.json({ error: "The body is not valid JSON." }, { status: 400 });
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return Response.json({ error: "The body must be a JSON object with name, comment, image and rating." }, { status: 400 });
  }
  const fields: Record<string, unknown> = { ...input };
  if (isFilledHoneypot(fields[HONEYPOT_FIELD])) {
    services.logger.info("feedback refused: honeypot filled");
    return Response.json({ error: honeypotMessage, errors: {} }, { status: 400 });
  }
  const parsed = feedbackSchema.safeParse(fields);
  if (!parsed.success) return Response.json({ error: "Some fields need correcting.", errors: fieldErrors(parsed.error) }, { status: 400 });

  const stored = await storeFeedback(services, request, user, parsed.data);
  if (!stored.ok) {
    const headers = { "Retry-After": String(stored.retryAfterSeconds) };
    return Response.json({ error: tooManyMessage, errors: {} }, { status: 429, headers });
  }
  const headers = stored.setCookie ? { "Set-Cookie": stored.setCookie } : undefined;
  return Response.json(feedbackJson(stored.post), { status: 201, headers });
}

import { data } from "react-router";
import type { RequestServices } from "#app/context.ts";
import { formMessage, readForm, refuseWhole, unreadableForm, type FormResult } from "#app/lib/forms/form-submission.server.ts";
import { isHoneypotFilled } from "#app/lib/forms/honeypot.ts";
import { committedSoon } from "#app/lib/db/grouped-writes.server.ts";
import { consumeRateLimit } from "#app/lib/http/rate-limit.server.ts";
import { tooManyFromNetwork } from "#app/lib/http/too-many-requests.ts";
import { subscribeToNewsletter } from "./queries.server.ts";
import { newsletterSignupSchema } from "./schemas.ts";
import type { NewsletterAnswer } from "./types.ts";

const subscribedMessage = "Thank you! This address is on our newsletter list: the next issue will reach it.";

const perAddressLimit = { limit: 10, windowSeconds: 15 * 60 };

/** A refusal: its message is the form's, or the address's (the form has no other field). */
const refused = (result: FormResult) =>
  data<NewsletterAnswer>(
    { result, message: result.error?.[""]?.[0] ?? result.error?.email?.[0] ?? "Please enter a valid email address." },
    { status: 400 },
  );

/** Handles one sign-up form post: every outcome is a message for the person. */
export async function handleNewsletterSignup(request: Request, services: RequestServices) {
  const { db, clientAddress, logger } = services;
  const form = await readForm(request, newsletterSignupSchema);
  const email = form && !isHoneypotFilled(form.formData) && form.submission.status === "success" ? form.submission.value.email : null;
  // Every attempt counts against the network's allowance, the sign-up is stored with it: one commit.
  const rate = await committedSoon(db, async (unit) => {
    const counted = await consumeRateLimit(unit, { key: `newsletter:${clientAddress}`, ...perAddressLimit });
    if (counted.allowed && email) await subscribeToNewsletter(unit, email);
    return counted;
  });
  if (!rate.allowed) {
    const message = "Too many sign-up attempts from your network. Please try again in a few minutes.";
    return tooManyFromNetwork<NewsletterAnswer>(services, { result: formMessage(message), message }, rate.retryAfterSeconds, message);
  }

  if (!form) return refused(unreadableForm());
  const { formData, submission } = form;
  if (isHoneypotFilled(formData)) {
    logger.info("newsletter sign-up refused: honeypot filled");
    return refused(refuseWhole(submission, "We could not accept this sign-up. Please try again."));
  }
  if (submission.status !== "success") return refused(submission.reply());
  // The same answer whether the address was on the list already: the form must not tell
  // anyone which addresses are subscribed.
  return data<NewsletterAnswer>({ result: submission.reply({ resetForm: true }), message: subscribedMessage });
}

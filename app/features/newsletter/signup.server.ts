import { data } from "react-router";
import type { RequestServices } from "#app/context.ts";
import { isHoneypotFilled } from "#app/lib/honeypot.ts";
import { consumeRateLimit } from "#app/lib/rate-limit.server.ts";
import { subscribeToNewsletter } from "./queries.server.ts";
import { newsletterSignupSchema } from "./schemas.ts";
import type { NewsletterResult } from "./types.ts";
import { tooManyFromNetwork } from "#app/lib/too-many-requests.ts";

const subscribedMessage = "Thank you! This address is on our newsletter list: the next issue will reach it.";

const perAddressLimit = { limit: 10, windowSeconds: 15 * 60 };

/** Handles one sign-up form post: every outcome is a message for the person. */
export async function handleNewsletterSignup(request: Request, services: RequestServices) {
  const { db, clientAddress, logger } = services;
  const rate = await consumeRateLimit(db, { key: `newsletter:${clientAddress}`, ...perAddressLimit });
  if (!rate.allowed) {
    const message = "Too many sign-up attempts from your network. Please try again in a few minutes.";
    return tooManyFromNetwork<NewsletterResult>(services, { status: "rate-limited", message }, rate.retryAfterSeconds, message);
  }

  const formData = await request.formData();
  if (isHoneypotFilled(formData)) {
    logger.info("newsletter sign-up refused: honeypot filled");
    return data<NewsletterResult>({ status: "invalid", message: "We could not accept this sign-up. Please try again." }, { status: 400 });
  }

  const parsed = newsletterSignupSchema.safeParse({ email: formData.get("email") ?? undefined });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please enter a valid email address.";
    return data<NewsletterResult>({ status: "invalid", message }, { status: 400 });
  }

  await subscribeToNewsletter(db, parsed.data.email);
  // The same answer whether the address was on the list already: the form must not tell
  // anyone which addresses are subscribed.
  return data<NewsletterResult>({ status: "subscribed", message: subscribedMessage });
}

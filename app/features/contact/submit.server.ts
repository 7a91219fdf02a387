import { data, redirect } from "react-router";
import type { RequestServices } from "#app/context.ts";
import { readForm, unreadableForm } from "#app/lib/forms/form-submission.server.ts";
import { HONEYPOT_FIELD, isHoneypotFilled } from "#app/lib/forms/honeypot.ts";
import { consumeRateLimit } from "#app/lib/http/rate-limit.server.ts";
import { tooManyFromNetwork } from "#app/lib/http/too-many-requests.ts";
import { claimCaptchaAnswer } from "./captcha/solutions.server.ts";
import { ALTCHA_FIELD, HCAPTCHA_FIELD, captchaRefusalMessages, type CaptchaRefusal } from "./captcha/settings.ts";
import { contactCaptcha } from "./captcha/verifier.server.ts";
import { contactDelivery } from "./delivery-settings.server.ts";
import { CONTACT_SENT_PATH, contactFieldLabels, type ContactField } from "./fields.ts";
import { storeContactMessage } from "./outbox.server.ts";
import { contactMessageSchema } from "./schemas.ts";
import type { ContactActionData } from "./types.ts";

/**
 * Posts per address, counting refused ones: a person who fixes a field or two still gets
 * through, a script does not (each accepted message also costs it a captcha).
 */
const perAddressLimit = { limit: 10, windowSeconds: 10 * 60 };

/** Not echoed back to the page: the captcha answers are single-use, the honeypot is for bots. */
const unechoedFields = [ALTCHA_FIELD, HCAPTCHA_FIELD, HONEYPOT_FIELD];

/**
 * Handles one post of the contact form. Accepted: the message is stored (and the captcha
 * answer spent) in one transaction, then a redirect to the page saying so. Refused: 4xx with
 * the typed values and a message per field, and nothing stored.
 */
export async function handleContactSubmission(request: Request, services: RequestServices) {
  const { db, config, clientAddress, logger } = services;
  const form = await readForm(request, contactMessageSchema);
  if (!form) {
    const result = unreadableForm();
    return data<ContactActionData>({ result, message: statusMessage(result.error ?? {}) }, { status: 400 });
  }
  const { formData, submission } = form;
  const refusal = (errors: { form?: string; captcha?: CaptchaRefusal }): ContactActionData => {
    const result = submission.reply({
      hideFields: unechoedFields,
      formErrors: errors.form ? [errors.form] : [],
      fieldErrors: errors.captcha ? { captcha: [captchaRefusalMessages[errors.captcha]] } : {},
    });
    return { result, message: statusMessage(result.error ?? {}) };
  };
  const refuse = (errors: Parameters<typeof refusal>[0], status = 400) => data(refusal(errors), { status });

  const rate = await consumeRateLimit(db, { key: `contact:${clientAddress}`, ...perAddressLimit });
  if (!rate.allowed) {
    const message = "Too many messages from your network. Please try again in a few minutes, or phone or email us.";
    return tooManyFromNetwork(services, refusal({ form: message }), rate.retryAfterSeconds, message);
  }
  if (isHoneypotFilled(formData)) {
    logger.info("contact message refused: honeypot filled");
    return refuse({ form: "We could not accept this message. Please try again." });
  }

  const captcha = contactCaptcha(config, db, logger);
  // The answer is checked (and with hCaptcha spent) only once the fields are right, so a
  // person fixing a typo keeps their solved check.
  if (submission.status !== "success" || !captcha.hasAnswer(formData)) {
    return refuse({ captcha: captcha.hasAnswer(formData) ? undefined : "missing" });
  }
  const check = await captcha.verify(formData, clientAddress);
  if (!check.ok) return refuse({ captcha: check.reason }, check.reason === "unavailable" ? 503 : 400);

  const fields = submission.value;
  const stored = await db.transaction().execute(async (trx) => {
    if (check.singleUse && !(await claimCaptchaAnswer(trx, check.singleUse))) return null;
    return storeContactMessage(trx, fields, contactDelivery(config));
  });
  if (!stored) return refuse({ captcha: "replayed" });
  logger.info({ contactMessageId: stored.id }, "contact message stored");
  return redirect(CONTACT_SENT_PATH, 303);
}

/** The status text of a refused post: what went wrong, naming the fields. */
function statusMessage(errors: Record<string, string[] | null>): string {
  const formError = errors[""]?.[0];
  if (formError) return formError;
  const fields = (Object.keys(contactFieldLabels) as ContactField[]).filter((field) => errors[field]?.length);
  const parts = fields.length
    ? [`Please correct the fields marked below: ${fields.map((field) => contactFieldLabels[field]).join(", ")}.`]
    : [];
  const captchaError = errors.captcha?.[0];
  if (captchaError) parts.push(captchaError);
  return parts.join(" ") || "We could not accept this message. Please try again.";
}

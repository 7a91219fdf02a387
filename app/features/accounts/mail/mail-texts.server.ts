// What the site's account mails say. Plain text: every mail program shows it, and a link in it
// is a link people can check before they open it.
import { site } from "#app/content/site.ts";
import { LINK_LIFETIME_MINUTES } from "../limits.ts";
import type { AccountMail } from "./account-mailer.server.ts";

/** A mail of these lines, greeting and signature around them. `answersAForm`: anyone may have typed the address into the form, so the mail says it can be ignored. */
function mail(recipient: string, subject: string, name: string | null, lines: string[], { answersAForm = true } = {}): AccountMail {
  const closing = answersAForm
    ? ["You get this mail because someone entered this address on our site. If it was not you, you can ignore it: nothing changes."]
    : [];
  return { recipient, subject, text: [name ? `Hello ${name},` : "Hello,", "", ...lines, "", `— ${site.brand}`, ...closing].join("\n") };
}

const validity = `The link works once, for ${LINK_LIFETIME_MINUTES} minutes.`;

export const registrationMail = (recipient: string, name: string, link: string) =>
  mail(recipient, `Confirm your account on ${site.brand}`, name, ["To finish creating your account, open this link:", link, "", validity]);

/**
 * Someone registered with an address that already has an account: tell its owner, not the form.
 * It carries a live reset link, so that a stranger who uses up the address's allowance this way
 * still leaves its owner one that works.
 */
export const alreadyRegisteredMail = (recipient: string, name: string, origin: string, resetLink: string) =>
  mail(recipient, `You already have an account on ${site.brand}`, name, [
    "Someone tried to create an account with this address, but you already have one.",
    `To sign in: ${origin}/signin`,
    "If you forgot your password, you can choose a new one with this link:",
    resetLink,
    "",
    validity,
  ]);

export const passwordResetMail = (recipient: string, name: string, link: string) =>
  mail(recipient, `Choose a new password for ${site.brand}`, name, [
    "To choose a new password, open this link:",
    link,
    "",
    `${validity} Choosing a new password signs you out everywhere else.`,
  ]);

export const emailChangeMail = (recipient: string, name: string, link: string) =>
  mail(recipient, `Confirm your new address for ${site.brand}`, name, [
    "To use this address for your account from now on, open this link:",
    link,
    "",
    validity,
  ]);

/** To the old address once the change is done, so a person whose account was taken over learns of it. */
export const emailChangedMail = (recipient: string, name: string, newEmail: string, origin: string) =>
  mail(
    recipient,
    `Your address on ${site.brand} was changed`,
    name,
    [`Your account now uses ${newEmail} instead of this address.`, `If you did not do this, please contact us at once: ${origin}/contact`],
    { answersAForm: false },
  );

/** To the account once a new password is set, so a person whose account was taken over learns of it. */
export const passwordChangedMail = (recipient: string, name: string, origin: string) =>
  mail(
    recipient,
    `Your password on ${site.brand} was changed`,
    name,
    [
      "The password of your account was just changed, and every other session of it signed out.",
      `If you did not do this, choose a new password at once: ${origin}/forgot-password`,
    ],
    { answersAForm: false },
  );

// What the site's account mails say. Plain text: every mail program shows it, and a link in it
// is a link people can check before they open it.
import { site } from "#app/content/site.ts";
import { LINK_LIFETIME_MINUTES } from "../limits.ts";
import type { AccountMail } from "./account-mailer.server.ts";

const signature = [
  "",
  `— ${site.brand}`,
  "You get this mail because someone entered this address on our site. If it was not you, you can ignore it: nothing changes.",
];
const validity = `The link works once, for ${LINK_LIFETIME_MINUTES} minutes.`;

export function registrationMail(recipient: string, name: string, link: string): AccountMail {
  return {
    recipient,
    subject: `Confirm your account on ${site.brand}`,
    text: [`Hello ${name},`, "", "To finish creating your account, open this link:", link, "", validity, ...signature].join("\n"),
  };
}

/** Someone registered with an address that already has an account: tell its owner, not the form. */
export function alreadyRegisteredMail(recipient: string, origin: string): AccountMail {
  return {
    recipient,
    subject: `You already have an account on ${site.brand}`,
    text: [
      "Hello,",
      "",
      "Someone tried to create an account with this address, but you already have one.",
      `To sign in: ${origin}/signin`,
      `If you forgot your password, you can choose a new one: ${origin}/forgot-password`,
      ...signature,
    ].join("\n"),
  };
}

export function passwordResetMail(recipient: string, name: string, link: string): AccountMail {
  return {
    recipient,
    subject: `Choose a new password for ${site.brand}`,
    text: [
      `Hello ${name},`,
      "",
      "To choose a new password, open this link:",
      link,
      "",
      `${validity} Choosing a new password signs you out everywhere else.`,
      ...signature,
    ].join("\n"),
  };
}

export function emailChangeMail(recipient: string, name: string, link: string): AccountMail {
  return {
    recipient,
    subject: `Confirm your new address for ${site.brand}`,
    text: [
      `Hello ${name},`,
      "",
      "To use this address for your account from now on, open this link:",
      link,
      "",
      validity,
      ...signature,
    ].join("\n"),
  };
}

/** To the old address once the change is done, so a person whose account was taken over learns of it. */
export function emailChangedMail(recipient: string, name: string, newEmail: string, origin: string): AccountMail {
  return {
    recipient,
    subject: `Your address on ${site.brand} was changed`,
    text: [
      `Hello ${name},`,
      "",
      `Your account now uses ${newEmail} instead of this address.`,
      `If you did not do this, please contact us at once: ${origin}/contact`,
      "",
      `— ${site.brand}`,
    ].join("\n"),
  };
}

/** To the account once a new password is set, so a person whose account was taken over learns of it. */
export function passwordChangedMail(recipient: string, name: string, origin: string): AccountMail {
  return {
    recipient,
    subject: `Your password on ${site.brand} was changed`,
    text: [
      `Hello ${name},`,
      "",
      "The password of your account was just changed, and every other session of it signed out.",
      `If you did not do this, choose a new password at once: ${origin}/forgot-password`,
      "",
      `— ${site.brand}`,
    ].join("\n"),
  };
}

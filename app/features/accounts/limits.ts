// Kept apart from schemas.ts so the pages' browser code does not carry zod.
export const PASSWORD_MIN_LENGTH = 8;
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; common and easily guessed passwords are refused.`;
export const ADDRESS_MAX_LENGTH = 300;
/** How long a mailed link (confirm an account or address, reset a password) works. */
export const LINK_LIFETIME_MINUTES = 30;
/**
 * How many mails answering a form (a link, or "you already have an account") one address gets in
 * `ACCOUNT_MAIL_WINDOW_MINUTES`, whatever the form and whoever fills it in from wherever: nobody
 * can fill someone's inbox.
 */
export const ACCOUNT_MAILS_PER_RECIPIENT = 3;
/**
 * As long as a link lives: every mail within the allowance carries a link, and no link is made
 * past it, so the last link an address was sent still works until the allowance comes back. A
 * stranger who uses the allowance up never leaves the owner without a working link.
 */
export const ACCOUNT_MAIL_WINDOW_MINUTES = LINK_LIFETIME_MINUTES;

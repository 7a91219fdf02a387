// Kept apart from schemas.ts so the pages' browser code does not carry zod.
export const PASSWORD_MIN_LENGTH = 8;
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; common and easily guessed passwords are refused.`;
export const ADDRESS_MAX_LENGTH = 300;
/** How long a mailed link (confirm an account or address, reset a password) works. */
export const LINK_LIFETIME_MINUTES = 30;
/**
 * How many mails answering a form (a link, or "you already have an account") one address gets an
 * hour, whatever the form and whoever fills it in from wherever: nobody can fill someone's inbox.
 */
export const MAILS_PER_RECIPIENT_PER_HOUR = 3;

export type { FieldErrors } from "#app/lib/field-errors.ts";
export type RegisterField = "name" | "phone" | "email" | "password1" | "password2";
export type ContactDetailsField = "phone" | "address";

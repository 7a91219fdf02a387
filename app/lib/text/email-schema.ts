import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "./email.ts";

/** Every email address the site takes (accounts, newsletter): required, valid, stored trimmed and in lower case. */
export const emailSchema = z
  .string({ error: "Please enter your email address." })
  .trim()
  .min(1, "Please enter your email address.")
  .max(EMAIL_MAX_LENGTH, `An email address has at most ${EMAIL_MAX_LENGTH} characters.`)
  .pipe(z.email("Please enter a valid email address, like name@example.com."))
  .transform((email) => email.toLowerCase());

/**
 * Someone else's address (a colleague put on a team, a role given before a first sign-in): the
 * message names whose address is wanted. Trimmed here; each use stores it in lower case.
 */
export const addressOfSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .pipe(z.email({ error: message }).max(EMAIL_MAX_LENGTH, `An email address has at most ${EMAIL_MAX_LENGTH} characters.`));

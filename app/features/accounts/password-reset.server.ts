// "Forgot password?": a link mailed to the account's address lets the person choose a new
// password. The form answers the same for every address; setting the password ends the account's
// other sessions (here and at the built-in provider) and lifts a sign-in lock.
import type { Kysely } from "kysely";
import { data } from "react-router";
import { forgetProviderSessionsOf } from "#app/features/accounts/provider/adapter.ts";
import type { RequestServices } from "#app/context.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { siteOrigin } from "#app/lib/config/env.server.ts";
import { formMessage, parseForm, readForm, refuseWhole, unreadableForm, type FormResult } from "#app/lib/forms/form-submission.server.ts";
import { isHoneypotFilled } from "#app/lib/forms/honeypot.ts";
import { consumeRateLimit } from "#app/lib/http/rate-limit.server.ts";
import { tooManyFromNetwork } from "#app/lib/http/too-many-requests.ts";
import { endSessionsOf } from "#app/features/auth/index.server.ts";
import { strangersKeyOf } from "./credentials.server.ts";
import { trustThisBrowser } from "./device-cookies.server.ts";
import { findAccountLink, issueAccountLink, redeemAccountLink } from "./links.server.ts";
import { clearAttempts } from "./login-throttle.server.ts";
import { passwordChangedMail, passwordResetMail } from "./mail/mail-texts.server.ts";
import { hashPassword } from "./password.server.ts";
import { passwordWeakness } from "./password-strength.server.ts";
import { findAccountByEmail, findAccountById, setPasswordHash } from "./queries.server.ts";
import { forgotPasswordSchema, newPasswordSchema } from "./schemas.ts";

/** The "Forgot password?" form's answer: the mail is on its way (whatever the address), or the form refused. */
export type ForgotPasswordAnswer = { sent: { email: string } } | { sent: null; result: FormResult };

/** New passwords are never sent back to the page. */
const passwordFields = ["password1", "password2"];

/** Per network; each address's inbox is kept by the account mails' allowance per recipient. */
const networkLimit = { limit: 20, windowSeconds: 60 * 60 };

/** A new password-reset link for the account, replacing its earlier one: the address it opens. */
export async function newResetLink(db: Kysely<Database>, account: { id: string; email: string }, origin: string): Promise<string> {
  const token = await issueAccountLink(db, { purpose: "password-reset", accountId: account.id, email: account.email });
  return `${origin}/reset-password?token=${token}`;
}

/** The "Forgot password?" form's post. */
export async function requestPasswordReset(request: Request, services: RequestServices) {
  const { db, clientAddress, config, accountMail, logger } = services;
  const network = await consumeRateLimit(db, { key: `password-reset:${clientAddress}`, ...networkLimit });
  if (!network.allowed) {
    const message = "Too many requests from your network. Please try again later.";
    return tooManyFromNetwork<ForgotPasswordAnswer>(
      services,
      { sent: null, result: formMessage(message) },
      network.retryAfterSeconds,
      message,
    );
  }
  const refused = (result: FormResult) => data<ForgotPasswordAnswer>({ sent: null, result }, { status: 400 });
  const form = await readForm(request, forgotPasswordSchema);
  if (!form) return refused(unreadableForm());
  const { formData, submission } = form;
  if (isHoneypotFilled(formData)) return refused(refuseWhole(submission, "We could not accept this request. Please try again."));
  if (submission.status !== "success") return refused(submission.reply());
  const { email } = submission.value;
  // The page answers the same whether or not the address has an account; only a mail that goes
  // out counts against the address's allowance.
  await accountMail.sendAnswer(
    db,
    email,
    async (trx) => {
      const account = await findAccountByEmail(trx, email);
      return account ? passwordResetMail(email, account.name, await newResetLink(trx, account, siteOrigin(config))) : null;
    },
    logger,
  );
  return data<ForgotPasswordAnswer>({ sent: { email } });
}

/** What the reset page shows: the form (with the last post's result), the outcome, or a dead link. */
export type ResetPageState =
  { state: "ready"; token: string; email: string; result?: FormResult } | { state: "done" } | { state: "expired" };

const expiredLink = () => data<ResetPageState>({ state: "expired" }, { status: 400 });

/** The page a reset link opens: the new-password form, or why the link no longer works. */
export async function resetLinkPage(url: URL, { db }: RequestServices) {
  const token = url.searchParams.get("token") ?? "";
  const link = await findAccountLink(db, token, "password-reset");
  return link ? data<ResetPageState>({ state: "ready", token, email: link.email }) : expiredLink();
}

/**
 * Sets the password and signs the account out everywhere; the link is used up only when it worked.
 * This browser, which read the mail and chose the password, becomes a device of the account: it
 * can sign in at once even while strangers keep guessing at the account.
 */
export async function resetPassword(request: Request, { db, config, accountMail, logger, secureCookies }: RequestServices) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const link = await findAccountLink(db, token, "password-reset");
  const account = link?.account_id ? await findAccountById(db, link.account_id) : undefined;
  if (!link || !account) return expiredLink();

  const refused = (result: FormResult) => data<ResetPageState>({ state: "ready", token, email: link.email, result }, { status: 400 });
  const submission = parseForm(form, newPasswordSchema);
  if (!submission) return refused(unreadableForm());
  if (submission.status !== "success") return refused(submission.reply({ hideFields: passwordFields }));
  const weakness = await passwordWeakness(submission.value.password1, [account.name, account.email]);
  if (weakness) return refused(submission.reply({ fieldErrors: { password1: [weakness] }, hideFields: passwordFields }));

  const passwordHash = await hashPassword(submission.value.password1);
  const done = await db.transaction().execute(async (trx) => {
    // Used up here, not above: of two posts racing with one link, only one sets a password.
    if (!(await redeemAccountLink(trx, token, "password-reset"))) return false;
    await setNewPassword(trx, account, passwordHash);
    await accountMail.queueNotice(trx, passwordChangedMail(account.email, account.name, siteOrigin(config)), logger);
    return true;
  });
  if (!done) return expiredLink();
  accountMail.wake();
  const trusted = await trustThisBrowser(db, request, secureCookies, account.id);
  // The status stated: after an action the page's loader runs again, and its status would stand.
  return data<ResetPageState>({ state: "done" }, { status: 200, headers: trusted ? { "Set-Cookie": trusted } : undefined });
}

/** The new password, and nothing signed in with the old one stays signed in; the sign-in lock goes. */
async function setNewPassword(db: Kysely<Database>, account: { id: string; email: string }, passwordHash: string) {
  await setPasswordHash(db, account.id, passwordHash);
  await endSessionsOf(db, account.id);
  await forgetProviderSessionsOf(db, account.id);
  await clearAttempts(db, strangersKeyOf(account.email));
}

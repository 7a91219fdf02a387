// Changing the account's email address: asked for from the profile with the current password,
// done when the person opens the link mailed to the new address. The old address is told.
import { data } from "react-router";
import type { RequestServices } from "#app/context.ts";
import { siteOrigin } from "#app/lib/config/env.server.ts";
import { readForm, refuseWhole, unreadableForm, type FormResult } from "#app/lib/forms/form-submission.server.ts";
import { tooManyRequests } from "#app/lib/http/too-many-requests.ts";
import { updateSessionsOf } from "#app/features/auth/index.server.ts";
import { checkCredentials } from "./credentials.server.ts";
import { deviceCookie } from "./device-cookies.server.ts";
import { findAccountLink, issueAccountLink, redeemAccountLink } from "./links.server.ts";
import { emailChangedMail, emailChangeMail } from "./mail/mail-texts.server.ts";
import { changeAccountEmail, findAccountByEmail, findAccountById } from "./queries.server.ts";
import { emailChangeSchema } from "./schemas.ts";

/** The "change email" form's answer: the link is on its way to the new address, or the form refused. */
export type EmailChangeAnswer = { sent: { email: string } } | { sent: null; result: FormResult };

/** The current password is never sent back to the page. */
const hideFields = ["password"];

const refused = (result: FormResult, status = 400) => data<EmailChangeAnswer>({ sent: null, result }, { status });

/** The profile's "change email" form, for the signed-in account `accountId`. */
export async function requestEmailChange(
  request: Request,
  accountId: string,
  { db, clientAddress, secureCookies, config, accountMail, logger }: RequestServices,
) {
  const form = await readForm(request, emailChangeSchema);
  if (!form) return refused(unreadableForm());
  const { submission } = form;
  if (submission.status !== "success") return refused(submission.reply({ hideFields }));
  const account = await findAccountById(db, accountId);
  if (!account) throw data("Not found", { status: 404 });
  const { email, password } = submission.value;
  if (email === account.email) return refused(submission.reply({ fieldErrors: { email: ["This is already your address."] }, hideFields }));
  // The password, through the sign-in's own throttle: a session left open is not enough to take the account.
  const check = await checkCredentials(db, {
    email: account.email,
    password,
    clientAddress,
    deviceCookie: deviceCookie.read(request, secureCookies),
  });
  if (check.status === "blocked") {
    const result = refuseWhole(submission, "Too many wrong passwords. Please try again later.", hideFields);
    return tooManyRequests<EmailChangeAnswer>({ sent: null, result }, check.retryAfterSeconds);
  }
  if (check.status === "invalid") {
    return refused(submission.reply({ fieldErrors: { password: ["This is not your current password."] }, hideFields }));
  }
  // An address that belongs to another account gets no mail, and the answer is the same.
  await accountMail.sendAnswer(
    db,
    email,
    async (trx) => {
      if (await findAccountByEmail(trx, email)) return null;
      const token = await issueAccountLink(trx, { purpose: "email-change", accountId, email });
      return emailChangeMail(email, account.name, `${siteOrigin(config)}/profile/email/confirm?token=${token}`);
    },
    logger,
  );
  return data<EmailChangeAnswer>({ sent: { email } });
}

export type EmailConfirmState =
  { state: "ready"; token: string; email: string } | { state: "expired" } | { state: "taken" } | { state: "done"; email: string };

const expiredLink = () => data<EmailConfirmState>({ state: "expired" }, { status: 400 });

/** The page the link opens: which address will be used; the button makes the change. */
export async function emailChangeLinkPage(url: URL, { db }: RequestServices) {
  const token = url.searchParams.get("token") ?? "";
  const link = await findAccountLink(db, token, "email-change");
  return link ? data<EmailConfirmState>({ state: "ready", token, email: link.email }) : expiredLink();
}

/** Makes the change; the sessions of the account show the new address at once. */
export async function confirmEmailChange(request: Request, { db, config, accountMail, logger }: RequestServices) {
  const token = String((await request.formData()).get("token") ?? "");
  const outcome = await db.transaction().execute(async (trx) => {
    const link = await redeemAccountLink(trx, token, "email-change");
    const account = link?.account_id ? await findAccountById(trx, link.account_id) : undefined;
    if (!link || !account) return { state: "expired" } as const;
    if (!(await changeAccountEmail(trx, account.id, link.email))) return { state: "taken" } as const;
    await updateSessionsOf(trx, account.id, { email: link.email });
    await accountMail.queueNotice(trx, emailChangedMail(account.email, account.name, link.email, siteOrigin(config)), logger);
    return { state: "done", email: link.email } as const;
  });
  if (outcome.state === "expired") return expiredLink();
  if (outcome.state === "taken") return data<EmailConfirmState>(outcome, { status: 409 });
  accountMail.wake();
  // The status stated: after an action the page's loader runs again, and its status would stand.
  return data<EmailConfirmState>(outcome, { status: 200 });
}

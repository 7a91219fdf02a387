// Registering with the built-in sign-in. The form never says whether an address has an account:
// whatever was typed, the answer is "check the inbox". A new address gets a link that creates the
// account (proving the address is the person's) once its reader types the password; an address
// with an account gets a mail saying so, with a link to choose a new password. Both count against
// the address's mail allowance.
import { data, redirect } from "react-router";
import type { RequestServices } from "#app/context.ts";
import { siteOrigin } from "#app/lib/config/env.server.ts";
import { formMessage, parseForm, readForm, refuseWhole, unreadableForm, type FormResult } from "#app/lib/forms/form-submission.server.ts";
import { isHoneypotFilled } from "#app/lib/forms/honeypot.ts";
import { consumeRateLimit } from "#app/lib/http/rate-limit.server.ts";
import { tooManyFromNetwork } from "#app/lib/http/too-many-requests.ts";
import { signInHref } from "#app/features/auth/index.ts";
import { findAccountLink, issueAccountLink, redeemAccountLink, type AccountLink } from "./links.server.ts";
import { alreadyRegisteredMail, registrationMail } from "./mail/mail-texts.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { newResetLink } from "./password-reset.server.ts";
import { passwordWeakness } from "./password-strength.server.ts";
import { createAccount, findAccountByEmail } from "./queries.server.ts";
import { issueRegistrationTicket, registrationTicketCookie } from "./registration-ticket.server.ts";
import { newPasswordSchema, registerSchema, registrationPasswordSchema } from "./schemas.ts";

/** The register form's answer: the mail is on its way, or the form refused (with what was typed, but the passwords). */
export type RegisterAnswer = { sent: { email: string } } | { sent: null; result: FormResult };

/** Passwords are never sent back to the page. */
const passwordFields = ["password", "password1", "password2"];

/** What a registration link holds until it is opened; the password only hashed, and only for its owner to type again. */
interface PendingRegistration {
  name: string;
  phone: string;
  passwordHash: string;
}

const refusedRegistration = (result: FormResult) => data<RegisterAnswer>({ sent: null, result }, { status: 400 });

/** The register form's post. */
export async function handleRegistration(request: Request, services: RequestServices) {
  const { db, clientAddress, config, accountMail, logger } = services;
  // Generous enough for a computer lab of students registering together behind one address.
  const rate = await consumeRateLimit(db, { key: `register:${clientAddress}`, limit: 30, windowSeconds: 60 * 60 });
  if (!rate.allowed) {
    const message = "Too many registrations from your network. Please try again later.";
    return tooManyFromNetwork<RegisterAnswer>(services, { sent: null, result: formMessage(message) }, rate.retryAfterSeconds, message);
  }
  const form = await readForm(request, registerSchema);
  if (!form) return refusedRegistration(unreadableForm());
  const { formData, submission } = form;
  if (isHoneypotFilled(formData)) {
    return refusedRegistration(refuseWhole(submission, "We could not accept this registration. Please try again.", passwordFields));
  }
  if (submission.status !== "success") return refusedRegistration(submission.reply({ hideFields: passwordFields }));
  const { name, phone, email, password1 } = submission.value;
  const weakness = await passwordWeakness(password1, [name, email]);
  if (weakness) return refusedRegistration(submission.reply({ fieldErrors: { password1: [weakness] }, hideFields: passwordFields }));

  // Hashed for both kinds of address, so the answer takes as long whichever it is.
  const passwordHash = await hashPassword(password1);
  const origin = siteOrigin(config);
  await accountMail.sendAnswer(
    db,
    email,
    async (trx) => {
      const account = await findAccountByEmail(trx, email);
      if (account) return alreadyRegisteredMail(email, account.name, origin, await newResetLink(trx, account, origin));
      const details: PendingRegistration = { name, phone, passwordHash };
      const token = await issueAccountLink(trx, { purpose: "registration", accountId: null, email, details });
      return registrationMail(email, name, `${origin}/register/confirm?token=${token}`);
    },
    logger,
  );
  return data<RegisterAnswer>({ sent: { email } });
}

/**
 * The page a registration link opens: what will be created, and the password to create it with:
 * the one chosen when registering, typed again, or (`choose`) a new one; after a refused post, its result.
 */
export type RegistrationLinkState =
  | { state: "ready"; name: string; email: string; token: string; choose: boolean; result?: FormResult }
  | { state: "expired" }
  | { state: "exists" };

const expiredLink = () => data<RegistrationLinkState>({ state: "expired" }, { status: 400 });

const pendingOf = (link: AccountLink) => JSON.parse(link.details ?? "{}") as PendingRegistration;

export async function registrationLinkPage(url: URL, { db }: RequestServices) {
  const token = url.searchParams.get("token") ?? "";
  const link = await findAccountLink(db, token, "registration");
  if (!link) return expiredLink();
  const choose = url.searchParams.has("choose");
  return data<RegistrationLinkState>({ state: "ready", name: pendingOf(link).name, email: link.email, token, choose });
}

type PasswordOutcome = { passwordHash: string } | { refused: FormResult };

/** The password chosen when registering, typed again: the account keeps its hash. */
async function passwordTypedAgain(form: FormData, pending: PendingRegistration): Promise<PasswordOutcome> {
  const submission = parseForm(form, registrationPasswordSchema);
  if (!submission) return { refused: unreadableForm() };
  if (submission.status !== "success") return { refused: submission.reply({ hideFields: passwordFields }) };
  if (!(await verifyPassword(submission.value.password, pending.passwordHash))) {
    const wrong = "This is not the password chosen when registering. Type it again, or choose a new password.";
    return { refused: submission.reply({ fieldErrors: { password: [wrong] }, hideFields: passwordFields }) };
  }
  return { passwordHash: pending.passwordHash };
}

/** A new password, typed twice, under the register form's rules. */
async function passwordChosen(form: FormData, name: string, email: string): Promise<PasswordOutcome> {
  const submission = parseForm(form, newPasswordSchema);
  if (!submission) return { refused: unreadableForm() };
  if (submission.status !== "success") return { refused: submission.reply({ hideFields: passwordFields }) };
  const weakness = await passwordWeakness(submission.value.password1, [name, email]);
  if (weakness) return { refused: submission.reply({ fieldErrors: { password1: [weakness] }, hideFields: passwordFields }) };
  return { passwordHash: await hashPassword(submission.value.password1) };
}

/**
 * The link's button: creates the account and signs the person in. Its password is one typed here,
 * by whoever reads the mail, so a password someone else typed into the register form with this
 * address never becomes the account's unless the address's owner knows and types it.
 */
export async function confirmRegistration(request: Request, { db, secureCookies }: RequestServices) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const link = await findAccountLink(db, token, "registration");
  if (!link) return expiredLink();
  const pending = pendingOf(link);
  const choose = form.has("password1");
  const password = choose ? await passwordChosen(form, pending.name, link.email) : await passwordTypedAgain(form, pending);
  if ("refused" in password) {
    const page = { state: "ready", name: pending.name, email: link.email, token, choose, result: password.refused } as const;
    return data<RegistrationLinkState>(page, { status: 400 });
  }

  const outcome = await db.transaction().execute(async (trx) => {
    // Used up here: of two posts racing with one link, only one creates the account.
    if (!(await redeemAccountLink(trx, token, "registration"))) return "expired" as const;
    const created = await createAccount(trx, { ...pending, passwordHash: password.passwordHash, email: link.email });
    // The address has proven to be the person's: saying it has an account tells them nothing new.
    return "emailTaken" in created ? ("exists" as const) : issueRegistrationTicket(trx, created.account.id);
  });
  if (outcome === "expired") return expiredLink();
  if (outcome === "exists") return data<RegistrationLinkState>({ state: "exists" }, { status: 409 });
  return redirect(signInHref("/profile"), { headers: { "Set-Cookie": registrationTicketCookie.set(outcome, secureCookies) } });
}

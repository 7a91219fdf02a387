// The built-in provider's login page: its loader and its form's post. The page is the site's;
// the interaction it finishes is the provider's (/idp).
import { data, redirectDocument } from "react-router";
import type { RequestServices } from "#app/context.ts";
import { formMessage, readForm, refuseWhole, unreadableForm, type FormResult } from "#app/lib/forms/form-submission.server.ts";
import { isHoneypotFilled } from "#app/lib/forms/honeypot.ts";
import { tooManyRequests } from "#app/lib/http/too-many-requests.ts";
import { checkCredentials } from "./credentials.server.ts";
import { deviceCookie, trustThisBrowser } from "./device-cookies.server.ts";
import { pinToIssuerOrigin } from "./provider/provider.ts";
import { redeemRegistrationTicket, registrationTicketCookie } from "./registration-ticket.server.ts";
import { signInIncomplete, signInSchema } from "./schemas.ts";

const expired = "This sign-in page has expired. Please start again.";

/** The password is never sent back to the page. */
const hideFields = ["password"];

/**
 * The built-in provider's interaction for this request (null when it is unknown or over), and
 * how to finish it with a signed-in account. There is never a consent step: the provider's
 * loadExistingGrant grants the first-party site what it asks for.
 */
async function currentInteraction({ identityProvider, http }: RequestServices, uid: string) {
  if (!identityProvider) throw data("Not found", { status: 404 });
  pinToIssuerOrigin(http.req, identityProvider.issuer);
  const details = await identityProvider.interactionDetails(http.req, http.res).catch(() => null);
  if (details?.uid !== uid) return null;
  return {
    details,
    finishLogin: (accountId: string) =>
      identityProvider.interactionResult(http.req, http.res, { login: { accountId } }, { mergeWithLastSubmission: false }),
  };
}

/** The login page, in the site's design. Someone who just registered passes straight through. */
export async function signInPage(request: Request, uid: string, services: RequestServices) {
  const interaction = await currentInteraction(services, uid);
  if (!interaction) return data({ expired, email: "" }, { status: 400 });

  const accountId =
    interaction.details.prompt.name === "login"
      ? await redeemRegistrationTicket(services.db, registrationTicketCookie.read(request, services.secureCookies))
      : undefined;
  if (accountId) {
    const headers = new Headers({ "Set-Cookie": registrationTicketCookie.clear(services.secureCookies) });
    const trusted = await trustThisBrowser(services.db, request, services.secureCookies, accountId);
    if (trusted) headers.append("Set-Cookie", trusted);
    return redirectDocument(await interaction.finishLogin(accountId), { headers });
  }
  const hint = interaction.details.params.login_hint;
  return { expired: null, email: typeof hint === "string" ? hint : "" };
}

/**
 * The login form's post: signed in, back into the provider; refused, the form again with one
 * message for it all (a wrong password and an unknown email alike).
 */
export async function submitSignIn(request: Request, uid: string, services: RequestServices) {
  const refused = (result: FormResult, status: number) => data<FormResult>(result, { status });
  const interaction = await currentInteraction(services, uid);
  if (!interaction) return refused(formMessage(expired), 400);

  const form = await readForm(request, signInSchema);
  if (!form) return refused(unreadableForm(), 400);
  const { formData, submission } = form;
  if (isHoneypotFilled(formData)) return refused(refuseWhole(submission, signInIncomplete, hideFields), 400);
  if (submission.status !== "success") return refused(submission.reply({ hideFields }), 400);
  const { email, password } = submission.value;
  const result = await checkCredentials(services.db, {
    email,
    password,
    clientAddress: services.clientAddress,
    deviceCookie: deviceCookie.read(request, services.secureCookies),
  });
  if (result.status === "blocked") {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    const message = `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or choose a new password with "Forgot password?".`;
    return tooManyRequests(refuseWhole(submission, message, hideFields), result.retryAfterSeconds);
  }
  // One message for a wrong password and an unknown email: no hint which addresses have accounts.
  if (result.status === "invalid")
    return refused(refuseWhole(submission, "The email address or password is not correct.", hideFields), 401);
  // Back into the provider (/idp), which is not a page of this app's router.
  const trusted = await trustThisBrowser(services.db, request, services.secureCookies, result.accountId);
  return redirectDocument(await interaction.finishLogin(result.accountId), { headers: trusted ? { "Set-Cookie": trusted } : undefined });
}

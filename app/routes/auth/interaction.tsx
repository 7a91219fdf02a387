import { useEffect, useState } from "react";
import { data, Form, redirectDocument } from "react-router";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { TextField } from "#app/components/text-field.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { servicesContext, type RequestServices } from "#app/context.ts";
import { checkCredentials } from "#app/features/accounts/credentials.server.ts";
import { deviceCookie, trustThisBrowser } from "#app/features/accounts/device-cookies.server.ts";
import { redeemRegistrationTicket, registrationTicketCookie } from "#app/features/accounts/registration-ticket.server.ts";
import { isHoneypotFilled } from "#app/lib/honeypot.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { tooManyRequests } from "#app/lib/too-many-requests.ts";
import type { Route } from "./+types/interaction";
import { pinToIssuerOrigin } from "#app/features/accounts/provider/provider.ts";

export const meta = () => pageMeta("Sign In");

const expired = "This sign-in page has expired. Please start again.";

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

/** The provider's login page, in the site's design. Someone who just registered passes straight through. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const interaction = await currentInteraction(services, params.uid);
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

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const interaction = await currentInteraction(services, params.uid);
  if (!interaction) return data({ error: expired, email: "" }, { status: 400 });

  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (isHoneypotFilled(form) || !email || !password) {
    return data({ error: "Please enter your email address and your password.", email }, { status: 400 });
  }
  const result = await checkCredentials(services.db, {
    email,
    password,
    clientAddress: services.clientAddress,
    deviceCookie: deviceCookie.read(request, services.secureCookies),
  });
  if (result.status === "blocked") {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    return tooManyRequests(
      {
        error: `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or choose a new password with "Forgot password?".`,
        email,
      },
      result.retryAfterSeconds,
    );
  }
  // One message for a wrong password and an unknown email: no hint which addresses have accounts.
  if (result.status === "invalid") {
    return data({ error: "The email address or password is not correct.", email }, { status: 401 });
  }
  // Back into the provider (/idp), which is not a page of this app's router.
  const trusted = await trustThisBrowser(services.db, request, services.secureCookies, result.accountId);
  return redirectDocument(await interaction.finishLogin(result.accountId), { headers: trusted ? { "Set-Cookie": trusted } : undefined });
}

export default function Interaction({ loaderData, actionData }: Route.ComponentProps) {
  // A document post: the router sees no navigation, so the form tracks its own submit.
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    // Back to this page from the history cache: it may be sent again.
    const reset = (event: PageTransitionEvent) => event.persisted && setSubmitted(false);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);
  const error = loaderData.expired ?? actionData?.error;
  return (
    <FormPage title="Sign In" heading="Sign in to your account" className="max-w-md">
      {error && (
        <p id="signin-error" role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      {loaderData.expired ? (
        <a href="/signin" className="btn-primary mt-6">
          Start again
        </a>
      ) : (
        // reloadDocument: the provider's interaction cookie is scoped to this exact path, which a
        // data request (…/uid.data) would not match.
        <Form
          method="post"
          reloadDocument
          onSubmit={() => setSubmitted(true)}
          className="mt-6 space-y-4"
          aria-describedby={error ? "signin-error" : undefined}
        >
          <HoneypotField />
          <TextField
            id="signin-email"
            name="email"
            label="Email"
            type="email"
            required
            autoComplete="username"
            defaultValue={actionData?.email || loaderData.email}
          />
          <TextField id="signin-password" name="password" label="Password" type="password" required autoComplete="current-password" />
          <p className="text-right text-sm">
            <a href="/forgot-password" className="font-semibold text-brand-800 underline">
              Forgot password?
            </a>
          </p>
          <SubmitButton busy={submitted} className="btn-primary w-full">
            Sign in
          </SubmitButton>
          <p className="text-center text-sm text-muted">
            New here?{" "}
            <a href="/register" className="font-semibold text-brand-800 underline">
              Create an account
            </a>
          </p>
        </Form>
      )}
    </FormPage>
  );
}

export { keepRetryAfter as headers } from "#app/lib/too-many-requests.ts";

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

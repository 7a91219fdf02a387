import { data, Form, redirectDocument, useNavigation } from "react-router";
import { HoneypotField } from "../../components/honeypot-field.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { servicesContext } from "../../context.ts";
import { checkCredentials } from "../../features/accounts/credentials.server.ts";
import { redeemRegistrationTicket, registrationTicketCookie } from "../../features/accounts/registration-ticket.server.ts";
import { isHttps } from "../../lib/cookies.server.ts";
import { isHoneypotFilled } from "../../lib/honeypot.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/interaction";
import { tooManyRequests } from "../../lib/too-many-requests.ts";

export const meta = () => pageMeta("Sign In");

const expired = "This sign-in page has expired. Please start again.";

/** The built-in provider's interaction for this request, or null when it is unknown or over. */
async function currentInteraction(services: ReturnType<typeof servicesFromContext>, uid: string) {
  const { identityProvider, http } = services;
  if (!identityProvider) throw data("Not found", { status: 404 });
  try {
    const details = await identityProvider.interactionDetails(http.req, http.res);
    return details.uid === uid ? details : null;
  } catch {
    return null;
  }
}

const servicesFromContext = (context: Route.LoaderArgs["context"]) => context.get(servicesContext);

async function finishLogin(services: ReturnType<typeof servicesFromContext>, accountId: string) {
  const { identityProvider, http } = services;
  return identityProvider!.interactionResult(http.req, http.res, { login: { accountId } }, { mergeWithLastSubmission: false });
}

/** The provider's login page, in the site's design. Someone who just registered passes straight through. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = servicesFromContext(context);
  const interaction = await currentInteraction(services, params.uid);
  if (!interaction) return data({ expired, email: "" }, { status: 400 });

  if (interaction.prompt.name === "consent") {
    // The site is a first-party client: what it asks for is granted without a screen.
    const { identityProvider, http } = services;
    const grant = new identityProvider!.Grant({
      accountId: interaction.session!.accountId,
      clientId: String(interaction.params.client_id),
    });
    grant.addOIDCScope(String(interaction.params.scope ?? "openid"));
    const grantId = await grant.save();
    return redirectDocument(await identityProvider!.interactionResult(http.req, http.res, { consent: { grantId } }));
  }
  const accountId =
    interaction.prompt.name === "login"
      ? await redeemRegistrationTicket(services.db, registrationTicketCookie.read(request))
      : undefined;
  if (accountId) {
    const secure = isHttps(request, services.config.PUBLIC_URL);
    const clear = registrationTicketCookie.clear(secure);
    return redirectDocument(await finishLogin(services, accountId), { headers: { "Set-Cookie": clear } });
  }
  const hint = interaction.params.login_hint;
  return { expired: null, email: typeof hint === "string" ? hint : "" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = servicesFromContext(context);
  const interaction = await currentInteraction(services, params.uid);
  if (!interaction) return data({ error: expired, email: "" }, { status: 400 });

  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (isHoneypotFilled(form) || !email || !password) {
    return data({ error: "Please enter your email address and your password.", email }, { status: 400 });
  }
  const result = await checkCredentials(services.db, { email, password, clientAddress: services.clientAddress });
  if (result.status === "blocked") {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    return tooManyRequests(
      { error: `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, email },
      result.retryAfterSeconds,
    );
  }
  // One message for a wrong password and an unknown email: no hint which addresses have accounts.
  if (result.status === "invalid") {
    return data({ error: "The email address or password is not correct.", email }, { status: 401 });
  }
  // Back into the provider (/idp), which is not a page of this app's router.
  return redirectDocument(await finishLogin(services, result.accountId));
}

export default function Interaction({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = loaderData.expired ?? actionData?.error;
  return (
    <>
      <PageHeader title="Sign In" />
      <section className="section max-w-md" aria-labelledby="signin-heading">
        <h2 id="signin-heading" className="text-2xl font-bold">
          Sign in to your account
        </h2>
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
            className="mt-6 space-y-4"
            aria-describedby={error ? "signin-error" : undefined}
          >
            <HoneypotField />
            <label className="block">
              Email
              <input
                name="email"
                type="email"
                required
                autoComplete="username"
                defaultValue={actionData?.email || loaderData.email}
                className="mt-1 w-full rounded-md border border-gray-400 px-3 py-2"
              />
            </label>
            <label className="block">
              Password
              <input
                name="password"
                type="password"
                required
                autoComplete="current-password"
                className="mt-1 w-full rounded-md border border-gray-400 px-3 py-2"
              />
            </label>
            <button type="submit" className="btn-primary w-full" aria-disabled={busy || undefined}>
              Sign in
            </button>
            <p className="text-center text-sm text-muted">
              New here?{" "}
              <a href="/register" className="font-semibold text-brand-800 underline">
                Create an account
              </a>
            </p>
          </Form>
        )}
      </section>
    </>
  );
}

export { keepRetryAfter as headers } from "../../lib/too-many-requests.ts";

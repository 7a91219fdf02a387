import { data, redirectDocument } from "react-router";
import { servicesContext } from "#app/context.ts";
import { SignInProblem } from "#app/features/accounts/components/sign-in-problem.tsx";
import { pageMeta } from "#app/lib/http/meta.ts";
import { consumeRateLimit } from "#app/lib/http/rate-limit.server.ts";
import { safeReturnTo, signInMessageFor, signInStateCookie } from "#app/features/auth/relying-party.server.ts";
import { tooManyRequests } from "#app/lib/http/too-many-requests.ts";
import type { Route } from "./+types/signin";

export const meta = () => pageMeta("Sign In");

/** Starts sign-in: a redirect to the provider's login, which comes back to /signin/callback. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, relyingParty, logger, secureCookies, clientAddress } = context.get(servicesContext);
  // Each start stores a transaction for a day: bounded per address so the table cannot be flooded.
  const rate = await consumeRateLimit(db, { key: `signin:${clientAddress}`, limit: 60, windowSeconds: 15 * 60 });
  if (!rate.allowed) {
    return tooManyRequests(
      { message: "Too many sign-in attempts from your network. Please try again in a few minutes." },
      rate.retryAfterSeconds,
    );
  }
  const returnTo = safeReturnTo(url.searchParams.get("return_to"));
  try {
    const { url, state } = await relyingParty.start(db, returnTo);
    // A document redirect: the provider is not a page of this app's router.
    return redirectDocument(url.href, {
      headers: {
        "Set-Cookie": signInStateCookie.set(state, secureCookies),
      },
    });
  } catch (err) {
    logger.error({ err }, "could not start sign-in");
    const message = signInMessageFor(err);
    return data({ message }, { status: 502 });
  }
}

export default function SignIn({ loaderData }: Route.ComponentProps) {
  return <SignInProblem message={loaderData.message} />;
}

export { keepRetryAfter as headers } from "#app/lib/http/too-many-requests.ts";

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

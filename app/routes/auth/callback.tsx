import { data, redirect } from "react-router";
import { servicesContext } from "#app/context.ts";
import { SignInProblem } from "#app/features/accounts/components/sign-in-problem.tsx";
import { startSession } from "#app/features/auth/index.server.ts";
import { signInMessageFor, signInMessages, signInStateCookie } from "#app/features/auth/relying-party.server.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/callback";

export const meta = () => pageMeta("Sign In");

/** The provider sends the browser back here with a code: check everything, then start the site's session. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, relyingParty, logger, secureCookies } = context.get(servicesContext);
  const clearState = signInStateCookie.clear(secureCookies);
  try {
    const { tokens, claims, returnTo } = await relyingParty.finish(
      db,
      new URL(request.url),
      signInStateCookie.read(request, secureCookies),
    );
    if (!tokens.refresh_token && relyingParty.settings.scope.includes("offline_access")) {
      // The session still works; its access token just cannot be renewed. Usually a provider setting.
      logger.warn({ sub: claims.sub }, signInMessages.missingRefreshToken);
    }
    const headers = new Headers();
    headers.append("Set-Cookie", clearState);
    headers.append("Set-Cookie", await startSession(context, { claims, tokens }));
    return redirect(returnTo, { headers });
  } catch (err) {
    const message = signInMessageFor(err);
    logger.info({ err }, "sign-in refused");
    return data({ message }, { status: 400, headers: { "Set-Cookie": clearState } });
  }
}

export default function Callback({ loaderData }: Route.ComponentProps) {
  return <SignInProblem message={loaderData.message} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

import { data, redirect } from "react-router";
import { servicesContext, userContext } from "../../context.ts";
import { SignInProblem } from "../../features/accounts/components/sign-in-problem.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { signInMessageFor, signInMessages, signInStateCookie } from "../../lib/oidc.server.ts";
import { createSession, deleteSession, sessionCookie } from "../../lib/session.server.ts";
import type { Route } from "./+types/callback";

export const meta = () => pageMeta("Sign In");

/** The provider sends the browser back here with a code: check everything, then start the site's session. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, relyingParty, logger, secureCookies } = context.get(servicesContext);
  const clearState = signInStateCookie.clear(secureCookies);
  try {
    const { tokens, claims, returnTo } = await relyingParty.finish(db, new URL(request.url), signInStateCookie.read(request));
    if (!tokens.refresh_token && relyingParty.settings.scope.includes("offline_access")) {
      // The session still works; its access token just cannot be renewed. Usually a provider setting.
      logger.warn({ sub: claims.sub }, signInMessages.missingRefreshToken);
    }
    // A new sign-in replaces whatever session this browser had: one person, one session id.
    const previous = context.get(userContext);
    if (previous) await deleteSession(db, previous.session.id_hash);
    const sessionId = await createSession(db, {
      sub: claims.sub,
      name: typeof claims.name === "string" && claims.name ? claims.name : String(claims.email ?? claims.sub),
      email: typeof claims.email === "string" ? claims.email : null,
      picture: typeof claims.picture === "string" ? claims.picture : null,
      id_token: tokens.id_token ?? "",
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? null,
      access_expires_at: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000).toISOString() : null,
    });
    const headers = new Headers();
    headers.append("Set-Cookie", clearState);
    headers.append("Set-Cookie", sessionCookie.set(sessionId, secureCookies));
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

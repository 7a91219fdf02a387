import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { servicesContext, userContext } from "../context.ts";
import { signInHref } from "../lib/sign-in-link.ts";
import { deleteSession, findSession, sessionCookie, sessionUser, updateSessionTokens } from "../lib/session.server.ts";

/** Access tokens are renewed this long before they expire. */
const refreshEarlySeconds = 60;

/**
 * Puts the signed-in person into the router context for every loader and
 * action. Renews the access token on the server shortly before it expires;
 * when the provider says the sign-in is over, the session ends quietly.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const { db, relyingParty, logger } = context.get(servicesContext);
  let session = await findSession(db, sessionCookie.read(request));
  if (session?.refresh_token && session.access_expires_at) {
    const expiresIn = (new Date(session.access_expires_at).getTime() - Date.now()) / 1000;
    if (expiresIn < refreshEarlySeconds) {
      try {
        const tokens = await relyingParty.refresh(session.refresh_token);
        const renewed = {
          access_token: tokens.access_token,
          refresh_token: tokens.refresh_token ?? session.refresh_token,
          id_token: tokens.id_token ?? session.id_token,
          access_expires_at: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000).toISOString() : null,
        };
        await updateSessionTokens(db, session.id_hash, renewed);
        session = { ...session, ...renewed };
      } catch (err) {
        const refused = ["invalid_grant", "login_required"].includes(String((err as { error?: string }).error));
        if (!refused) {
          // The provider is unreachable or erring: keep the session, try again on a later request.
          logger.warn({ err }, "could not renew the access token; will retry");
        } else {
          // Another request (or instance) may have renewed it a moment ago with the same token.
          const current = await findSession(db, sessionCookie.read(request));
          if (current && current.refresh_token !== session.refresh_token) {
            session = current;
          } else {
            // The provider no longer vouches for this person.
            logger.info({ err }, "token renewal refused; ending the session");
            await deleteSession(db, session.id_hash);
            session = null;
          }
        }
      }
    }
  }
  context.set(userContext, session ? { user: sessionUser(session), session } : null);
};

/** The signed-in person, or a redirect that signs the visitor in and brings them back to `returnTo`. */
export function requireUser(context: Readonly<RouterContextProvider>, returnTo: string) {
  const signedIn = context.get(userContext);
  if (!signedIn) throw redirect(signInHref(returnTo));
  return signedIn;
}

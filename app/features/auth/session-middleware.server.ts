import type { MiddlewareFunction } from "react-router";
import { servicesContext, userContext, type RequestServices } from "#app/context.ts";
import type { CookieSource } from "#app/lib/http/cookies.server.ts";
import {
  deleteSession,
  findSession,
  findSessionByHash,
  sessionCookie,
  sessionUser,
  updateSessionTokens,
  type SessionRow,
} from "./sessions.server.ts";

/** Access tokens are renewed this long before they expire. */
const refreshEarlySeconds = 60;
/** The spec's token-renewal lock: a request waits this long for a renewal already under way. */
const renewalLockMs = 5000;
/** After a failed attempt (provider down), renewal is tried again this much later, not on every request. */
const retryRenewalSeconds = 30;

/** Renewals under way in this process, by session: requests arriving meanwhile share one. */
const renewals = new Map<string, Promise<SessionRow | null>>();

/**
 * Renews the session's access token with its refresh token. The new tokens are written only
 * if the stored refresh token is still the one used, so of two instances renewing at once
 * one wins and the other takes its result. Resolves to the session to use, or null when the
 * provider says the sign-in is over.
 */
type SessionServices = Pick<RequestServices, "db" | "relyingParty" | "logger" | "secureCookies">;

async function renew({ db, relyingParty, logger }: SessionServices, session: SessionRow): Promise<SessionRow | null> {
  const refreshToken = session.refresh_token!;
  try {
    const tokens = await relyingParty.refresh(refreshToken);
    const renewed = {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? refreshToken,
      // Absent: the stored one stays.
      id_token: tokens.id_token,
      access_expires_at: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000).toISOString() : null,
    };
    if (await updateSessionTokens(db, session.id_hash, refreshToken, renewed)) return { ...session, ...renewed };
    return (await findSessionByHash(db, session.id_hash)) ?? null;
  } catch (err) {
    const refused = ["invalid_grant", "login_required"].includes(String((err as { error?: string }).error));
    if (!refused) {
      // The provider is unreachable or erring: keep the session, try again a little later.
      logger.warn({ err }, "could not renew the access token; will retry");
      const retryAt = new Date(Date.now() + (refreshEarlySeconds + retryRenewalSeconds) * 1000).toISOString();
      await updateSessionTokens(db, session.id_hash, refreshToken, { refresh_token: refreshToken, access_expires_at: retryAt });
      return session;
    }
    // Another instance may have renewed it a moment ago with the same refresh token.
    const current = await findSessionByHash(db, session.id_hash);
    if (current && current.refresh_token !== refreshToken) return current;
    // The provider no longer vouches for this person.
    logger.info({ err }, "token renewal refused; ending the session");
    await deleteSession(db, session.id_hash);
    return null;
  }
}

function renewOnce(services: SessionServices, session: SessionRow): Promise<SessionRow | null> {
  let pending = renewals.get(session.id_hash);
  if (!pending) {
    pending = renew(services, session).finally(() => renewals.delete(session.id_hash));
    renewals.set(session.id_hash, pending);
  }
  // Past the lock's wait the request goes on with the session as it is; the renewal still lands.
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<SessionRow>((resolve) => {
    timer = setTimeout(resolve, renewalLockMs, session);
  });
  return Promise.race([pending, waited]).finally(() => clearTimeout(timer));
}

/**
 * The signed-in person of a request (or of its Cookie header), from its session cookie. Renews the access token on the
 * server shortly before it expires; when the provider says the sign-in is over, the session ends
 * quietly and the request is a visitor's.
 */
export async function signedInOf(services: SessionServices, request: CookieSource) {
  let session = await findSession(services.db, sessionCookie.read(request, services.secureCookies));
  if (session?.refresh_token && session.access_expires_at) {
    const expiresIn = (new Date(session.access_expires_at).getTime() - Date.now()) / 1000;
    if (expiresIn < refreshEarlySeconds) session = await renewOnce(services, session);
  }
  return session ? { user: sessionUser(session), session } : null;
}

/** Puts the signed-in person into the router context for every loader and action. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(userContext, await signedInOf(context.get(servicesContext), request));
};

// What the rest of the site uses of sign-in: who is signed in, and starting or ending a session.
import { data, redirect, type RouterContextProvider } from "react-router";
import { servicesContext, userContext } from "#app/context.ts";
import { recordSignIn } from "./people.server.ts";
import { SignInError, signInMessages } from "./relying-party.server.ts";
import { roleAtSignIn, trustedEmail } from "./roles.server.ts";
import { describeRoles, roleNames, type Role } from "./roles.ts";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import {
  createSession,
  deleteSession,
  deleteSessionForIdToken,
  findSession,
  sessionCookie,
  sessionUser,
  type SessionUser,
} from "./sessions.server.ts";
import { signedInOf } from "./session-middleware.server.ts";
import { signInHref } from "./sign-in-link.ts";

type Context = Readonly<RouterContextProvider>;

/** The signed-in person, or null for a visitor. */
export function getUser(context: Context): SessionUser | null {
  return context.get(userContext)?.user ?? null;
}

/** The signed-in person, or a redirect that signs the visitor in and brings them back to `returnTo`. */
export function requireUser(context: Context, returnTo: string) {
  const signedIn = context.get(userContext);
  if (!signedIn) throw redirect(signInHref(returnTo));
  return signedIn;
}

/**
 * The signed-in person of a request from its session cookie alone, without renewing its tokens;
 * null for a visitor or an ended session. For deciding how to read a request before any route
 * runs (an oversized staff form); a request that acts goes through `signedInOf`, as routes do.
 */
export async function sessionUserOf(
  db: Kysely<Database>,
  cookieHeader: string | undefined,
  secureCookies: boolean,
): Promise<SessionUser | null> {
  const session = await findSession(db, sessionCookie.read(cookieHeader, secureCookies));
  return session ? sessionUser(session) : null;
}

/**
 * The signed-in person of a request from its Cookie header, as the routes find them (`signedInOf`:
 * tokens renewed when due); null for a visitor or an ended session. For answering a page before
 * any route runs (a kept page filled in for them, server/page-cache/signed-in-pages.ts).
 */
export async function signedInUserOf(
  services: Parameters<typeof signedInOf>[0],
  cookieHeader: string | undefined,
): Promise<SessionUser | null> {
  return (await signedInOf(services, cookieHeader))?.user ?? null;
}

/** What a 403 carries: the error screen shows `message`. */
export interface ForbiddenData {
  message: string;
}

/**
 * The signed-in person when their role is one of `allowed`; a visitor is sent to sign in
 * first, anyone else gets a 403 page saying why.
 */
export function requireRole(context: Context, returnTo: string, allowed: readonly Role[]) {
  const signedIn = requireUser(context, returnTo);
  if (!allowed.includes(signedIn.user.role)) {
    throw data<ForbiddenData>(
      { message: `This page is only for ${describeRoles(allowed)}. You are signed in as ${roleNames[signedIn.user.role]}.` },
      { status: 403 },
    );
  }
  return signedIn;
}

/** What the provider vouched for at the callback. */
export interface SignInResult {
  claims: Record<string, unknown> & { sub: string };
  tokens: { id_token?: string; access_token: string; refresh_token?: string; expires_in?: number };
}

/**
 * Starts the site's session for a person who has just signed in, replacing whatever session
 * this browser had (one person, one session id). Returns the Set-Cookie header value.
 */
export async function startSession(context: Context, { claims, tokens }: SignInResult): Promise<string> {
  const { db, roleSources, secureCookies } = context.get(servicesContext);
  const previous = context.get(userContext);
  if (previous) await deleteSession(db, previous.session.id_hash);
  const person = {
    sub: claims.sub,
    name: typeof claims.name === "string" && claims.name ? claims.name : String(claims.email ?? claims.sub),
    email: typeof claims.email === "string" ? claims.email : null,
  };
  if (!(await recordSignIn(db, person))) throw new SignInError(signInMessages.accountDisabled);
  const sessionId = await createSession(db, {
    ...person,
    picture: typeof claims.picture === "string" ? claims.picture : null,
    role: await roleAtSignIn(db, roleSources, claims),
    role_email: trustedEmail(roleSources, claims),
    id_token: tokens.id_token ?? "",
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token ?? null,
    access_expires_at: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000).toISOString() : null,
  });
  return sessionCookie.set(sessionId, secureCookies);
}

/**
 * Ends this browser's session, if it has one. Returns the Set-Cookie header value that clears it,
 * and the session's ID token (absent without a session): the provider's sign-out takes it as
 * proof of whose session to end.
 */
export async function endSession(context: Context): Promise<{ setCookie: string; idToken?: string }> {
  const { db, secureCookies } = context.get(servicesContext);
  const signedIn = context.get(userContext);
  const idToken = signedIn ? await deleteSessionForIdToken(db, signedIn.session.id_hash) : undefined;
  return { setCookie: sessionCookie.clear(secureCookies), idToken };
}

export type { SessionUser } from "./sessions.server.ts";
/** For features that change who a person is: their sessions follow at once. */
export { endSessionsOf, updateSessionsOf } from "./sessions.server.ts";
export { signedInOf } from "./session-middleware.server.ts";
export { assignRole, normaliseEmail } from "./roles.server.ts";

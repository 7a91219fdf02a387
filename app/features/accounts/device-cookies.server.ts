// Device cookies, as OWASP describes them against online guessing: a browser that has signed in
// to an account holds a token for that account, signed by the site, and its sign-in attempts at
// that account are counted on their own. Strangers guessing at the account, however many and from
// wherever, then never block or slow down its owner's browser.
//
// A token is `<nonce>.<issued>.<tag>`: 16 random bytes, the second it was issued (base 36), and an
// HMAC over both with the account's id and password hash. It names no account (a shared computer's
// cookie says nothing about who used it), it stops working after DEVICE_COOKIE_DAYS, and a new
// password ends every token of the account. One cookie holds the tokens of the browser's last
// MAX_ACCOUNTS_PER_BROWSER accounts.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { siteCookie } from "#app/lib/http/cookies.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { getOrCreateSecret } from "#app/lib/config/secrets.server.ts";
import { findCredentialsById } from "./queries.server.ts";

const DEVICE_COOKIE_DAYS = 180;
const MAX_ACCOUNTS_PER_BROWSER = 5;
const lifetimeSeconds = DEVICE_COOKIE_DAYS * 24 * 60 * 60;

/** Sent with every request of the site (the sign-in form and the profile's address change read it); httpOnly like all our cookies. */
export const deviceCookie = siteCookie("device", { maxAgeSeconds: lifetimeSeconds });

/** What a token is signed for: a new password changes the hash and so ends the account's tokens. */
interface DeviceAccount {
  id: string;
  password_hash: string;
}

interface Token {
  nonce: string;
  issued: string;
  tag: string;
}

const tokenPattern = /^([\w-]{22})\.([0-9a-z]{1,10})\.([\w-]{22})$/;
const separator = "~";

const signingKeys = new WeakMap<Kysely<Database>, Buffer>();

/** The key made once and kept in the database, so every instance and restart accepts the same tokens. */
async function signingKey(db: Kysely<Database>): Promise<Buffer> {
  const known = signingKeys.get(db);
  if (known) return known;
  const key = Buffer.from(await getOrCreateSecret(db, "device-cookie-key", () => randomBytes(32).toString("base64url")), "base64url");
  signingKeys.set(db, key);
  return key;
}

const tagOf = (key: Buffer, account: DeviceAccount, nonce: string, issued: string) =>
  createHmac("sha256", key).update([account.id, account.password_hash, nonce, issued].join("\n")).digest().subarray(0, 16);

function parseTokens(cookieValue: string | undefined): Token[] {
  return (cookieValue ?? "").split(separator).flatMap((text) => {
    const match = tokenPattern.exec(text);
    return match ? [{ nonce: match[1]!, issued: match[2]!, tag: match[3]! }] : [];
  });
}

const isYoung = (token: Token, now: Date) => now.getTime() / 1000 - parseInt(token.issued, 36) < lifetimeSeconds;

const isFor = (key: Buffer, account: DeviceAccount, token: Token) =>
  timingSafeEqual(tagOf(key, account, token.nonce, token.issued), Buffer.from(token.tag, "base64url"));

/** The nonce of this browser's live token for the account (its key in the attempt counts), if it has one. */
export async function trustedDeviceOf(
  db: Kysely<Database>,
  cookieValue: string | undefined,
  account: DeviceAccount,
  now = new Date(),
): Promise<string | undefined> {
  const tokens = parseTokens(cookieValue).filter((token) => isYoung(token, now));
  if (tokens.length === 0) return undefined;
  const key = await signingKey(db);
  return tokens.find((token) => isFor(key, account, token))?.nonce;
}

/** The cookie's new value after a sign-in to the account: a fresh token for it first, its older one and dead ones dropped. */
async function deviceCookieWith(
  db: Kysely<Database>,
  cookieValue: string | undefined,
  account: DeviceAccount,
  now = new Date(),
): Promise<string> {
  const key = await signingKey(db);
  const nonce = randomBytes(16).toString("base64url");
  const issued = Math.floor(now.getTime() / 1000).toString(36);
  const fresh: Token = { nonce, issued, tag: tagOf(key, account, nonce, issued).toString("base64url") };
  const others = parseTokens(cookieValue).filter((token) => isYoung(token, now) && !isFor(key, account, token));
  return [fresh, ...others]
    .slice(0, MAX_ACCOUNTS_PER_BROWSER)
    .map((token) => `${token.nonce}.${token.issued}.${token.tag}`)
    .join(separator);
}

/**
 * The Set-Cookie header that makes this browser a device of the account, which it has just proven
 * to be its own: it signed in, or chose the account's new password with a mailed link.
 */
export async function trustThisBrowser(
  db: Kysely<Database>,
  request: Request,
  secure: boolean,
  accountId: string,
): Promise<string | undefined> {
  const account = await findCredentialsById(db, accountId);
  if (!account) return undefined;
  return deviceCookie.set(await deviceCookieWith(db, deviceCookie.read(request, secure), account), secure);
}

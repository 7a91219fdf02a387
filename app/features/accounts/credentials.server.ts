import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { trustedDeviceOf } from "./device-cookies.server.ts";
import { countAttempts, settleSuccess, throttlePolicies, type CountedKey } from "./login-throttle.server.ts";
import { decoyPasswordHash, verifyPassword } from "./password.server.ts";
import { findCredentials } from "./queries.server.ts";

type CredentialCheck = { status: "ok"; accountId: string } | { status: "invalid" } | { status: "blocked"; retryAfterSeconds: number };

/** The keys of a browser that has signed in to the account before: its own allowance, nobody else's guesses. */
const deviceKeys = (nonce: string): CountedKey[] => [{ key: `device:${nonce}`, policy: throttlePolicies.device, onSuccess: "clear" }];

/** Where strangers' guesses at the account (`email` trimmed and in lower case) are counted; a new password clears it. */
export const strangersKeyOf = (email: string) => `account:${email}`;

/** Everyone else: one allowance per account, shared by all of them, and one per network. */
const strangerKeys = (email: string, clientAddress: string): CountedKey[] => [
  { key: strangersKeyOf(email), policy: throttlePolicies.account, onSuccess: "clear" },
  { key: `address:${clientAddress}`, policy: throttlePolicies.address, onSuccess: "forgive" },
];

/**
 * Checks an email and password with brute-force protection that strangers cannot turn against
 * the owner (OWASP's device cookies): a browser holding a device cookie for the account is counted
 * on its own; once its cookie has seen too many failures, the cookie is refused and the browser
 * counts as a stranger. A wrong password and an unknown email look the same, in the answer and in
 * the time it takes (an unknown email has no device cookie; its password is checked against a decoy hash).
 */
export async function checkCredentials(
  db: Kysely<Database>,
  {
    email,
    password,
    clientAddress,
    deviceCookie,
  }: { email: string; password: string; clientAddress: string; /** the request's device cookie */ deviceCookie: string | undefined },
): Promise<CredentialCheck> {
  const normalized = email.trim().toLowerCase();
  const credentials = await findCredentials(db, normalized);
  const device = credentials && (await trustedDeviceOf(db, deviceCookie, credentials));

  let keys = device ? deviceKeys(device) : strangerKeys(normalized, clientAddress);
  let verdict = await countAttempts(db, keys);
  if (device && verdict.blocked) {
    keys = strangerKeys(normalized, clientAddress);
    verdict = await countAttempts(db, keys);
  }
  if (verdict.blocked) return { status: "blocked", retryAfterSeconds: verdict.retryAfterSeconds };
  if (verdict.delayMs > 0) await sleep(verdict.delayMs);

  const matches = await verifyPassword(password, credentials?.password_hash ?? decoyPasswordHash);
  if (!credentials || !matches) return { status: "invalid" }; // the attempt stays counted
  await settleSuccess(db, keys);
  return { status: "ok", accountId: credentials.id };
}

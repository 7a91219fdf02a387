import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import type { Database } from "../../lib/db/schema.ts";
import { checkThrottle, clearFailures, recordFailure, throttlePolicies } from "./login-throttle.server.ts";
import { decoyPasswordHash, verifyPassword } from "./password.server.ts";
import { findCredentials } from "./queries.server.ts";

export type CredentialCheck =
  | { status: "ok"; accountId: string }
  | { status: "invalid" }
  | { status: "blocked"; retryAfterSeconds: number };

/**
 * Checks an email and password with brute-force protection per account and
 * per client address. A wrong password and an unknown email look the same,
 * in the answer and in the time it takes.
 */
export async function checkCredentials(
  db: Kysely<Database>,
  { email, password, clientAddress }: { email: string; password: string; clientAddress: string },
): Promise<CredentialCheck> {
  const normalized = email.trim().toLowerCase();
  const keys = { account: `account:${normalized}`, address: `address:${clientAddress}` };
  const verdicts = await Promise.all([
    checkThrottle(db, keys.account, throttlePolicies.account),
    checkThrottle(db, keys.address, throttlePolicies.address),
  ]);
  let delayMs = 0;
  for (const verdict of verdicts) {
    if (verdict.blocked) return { status: "blocked", retryAfterSeconds: verdict.retryAfterSeconds };
    delayMs = Math.max(delayMs, verdict.delayMs);
  }
  if (delayMs > 0) await sleep(delayMs);

  const credentials = await findCredentials(db, normalized);
  const matches = await verifyPassword(password, credentials?.password_hash ?? decoyPasswordHash);
  if (!credentials || !matches) {
    await Promise.all([recordFailure(db, keys.account), recordFailure(db, keys.address)]);
    return { status: "invalid" };
  }
  // Only the account's count resets: one good login must not unlock a guessing address.
  await clearFailures(db, keys.account);
  return { status: "ok", accountId: credentials.id };
}

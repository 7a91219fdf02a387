import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { clearAttempts, countAttempt, forgiveAttempt, throttlePolicies, throttleVerdict } from "./login-throttle.server.ts";
import { decoyPasswordHash, verifyPassword } from "./password.server.ts";
import { findCredentials } from "./queries.server.ts";

type CredentialCheck = { status: "ok"; accountId: string } | { status: "invalid" } | { status: "blocked"; retryAfterSeconds: number };

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
  const [accountCount, addressCount] = await Promise.all([countAttempt(db, keys.account), countAttempt(db, keys.address)]);
  const verdicts = [throttleVerdict(accountCount, throttlePolicies.account), throttleVerdict(addressCount, throttlePolicies.address)];
  let delayMs = 0;
  for (const verdict of verdicts) {
    if (verdict.blocked) return { status: "blocked", retryAfterSeconds: verdict.retryAfterSeconds };
    delayMs = Math.max(delayMs, verdict.delayMs);
  }
  if (delayMs > 0) await sleep(delayMs);

  const credentials = await findCredentials(db, normalized);
  const matches = await verifyPassword(password, credentials?.password_hash ?? decoyPasswordHash);
  if (!credentials || !matches) return { status: "invalid" }; // the attempt stays counted
  await Promise.all([clearAttempts(db, keys.account), forgiveAttempt(db, keys.address)]);
  return { status: "ok", accountId: credentials.id };
}

// Counting sign-in attempts against brute force without handing strangers a way to lock owners
// out. Attempts are counted per key (a device cookie, an account, a network), each under a policy;
// credentials.server.ts decides which keys an attempt counts under.
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";

export interface ThrottlePolicy {
  /** Attempts after which each further one waits `stepMs` longer, up to `maxDelayMs`. */
  slowAfter: number;
  /** The attempt numbered `blockAfter` starts a block of `blockSeconds`; the ones after it are refused until it ends. */
  blockAfter: number;
}

/**
 * A browser with a device cookie for the account has an allowance of its own. Everyone else
 * shares one per account (guessed at from anywhere) and one per network (an address may be a
 * whole campus behind NAT).
 */
export const throttlePolicies = {
  device: { slowAfter: 3, blockAfter: 10 },
  account: { slowAfter: 3, blockAfter: 10 },
  address: { slowAfter: 10, blockAfter: 50 },
} satisfies Record<string, ThrottlePolicy>;

export const throttleTiming = { stepMs: 500, maxDelayMs: 3000, blockSeconds: 15 * 60 };

export type ThrottleVerdict = { blocked: true; retryAfterSeconds: number } | { blocked: false; delayMs: number };

/** One key an attempt is counted under, and what a correct password then does to its count. */
export interface CountedKey {
  key: string;
  policy: ThrottlePolicy;
  /** "clear": the count starts afresh; "forgive": only this attempt is taken back (a network's other guesses stay counted). */
  onSuccess: "clear" | "forgive";
}

/** How long the attempt numbered `count` waits before its password is checked. */
function delayFor(count: number, policy: ThrottlePolicy): number {
  const earlierBeyondFree = count - 1 - policy.slowAfter;
  return earlierBeyondFree > 0 ? Math.min(earlierBeyondFree * throttleTiming.stepMs, throttleTiming.maxDelayMs) : 0;
}

/**
 * Counts an attempt before its password is checked, in one statement, so attempts sent in
 * parallel cannot all see the old count. The attempt numbered `blockAfter` fixes when the block
 * ends; attempts during the block are refused and move neither its end nor anything the next
 * count depends on. After the block, or after `blockSeconds` without an attempt, counting starts again.
 */
export async function countAttempt(
  db: Kysely<Database>,
  { key, policy }: Pick<CountedKey, "key" | "policy">,
  now = new Date(),
): Promise<ThrottleVerdict> {
  const nowIso = now.toISOString();
  const forgottenBefore = new Date(now.getTime() - throttleTiming.blockSeconds * 1000).toISOString();
  const blockEnds = new Date(now.getTime() + throttleTiming.blockSeconds * 1000).toISOString();
  // Every expression of an upsert's SET reads the row as it was before the statement.
  const blocked = sql<boolean>`login_failures.blocked_until > ${nowIso}`;
  const restarts = sql<boolean>`login_failures.blocked_until is not null or login_failures.last_failure_at <= ${forgottenBefore}`;
  const counted = sql<number>`case when ${restarts} then 1 else login_failures.count + 1 end`;
  const row = await db
    .insertInto("login_failures")
    .values({ key, count: 1, last_failure_at: nowIso, blocked_until: policy.blockAfter <= 1 ? blockEnds : null })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when ${blocked} then login_failures.count + 1 else ${counted} end`,
        last_failure_at: sql<string>`case when ${blocked} then login_failures.last_failure_at else ${nowIso} end`,
        blocked_until: sql<string | null>`case
          when ${blocked} then login_failures.blocked_until
          when ${counted} >= ${policy.blockAfter} then ${blockEnds}
          else null end`,
      }),
    )
    .returning(["count", "blocked_until"])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  if (count > policy.blockAfter) {
    const endsInMs = new Date(row.blocked_until ?? blockEnds).getTime() - now.getTime();
    return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(endsInMs / 1000)) };
  }
  return { blocked: false, delayMs: delayFor(count, policy) };
}

/**
 * Counts the attempt under every key. When one refuses it, the others take it back: a refused
 * attempt counts nowhere. Otherwise the attempt waits as long as the slowest key says.
 */
export async function countAttempts(db: Kysely<Database>, keys: CountedKey[], now = new Date()): Promise<ThrottleVerdict> {
  const verdicts = await Promise.all(keys.map((key) => countAttempt(db, key, now)));
  const refusals = verdicts.flatMap((verdict) => (verdict.blocked ? [verdict.retryAfterSeconds] : []));
  if (refusals.length === 0) {
    return { blocked: false, delayMs: Math.max(0, ...verdicts.map((verdict) => (verdict.blocked ? 0 : verdict.delayMs))) };
  }
  await Promise.all(keys.filter((_key, i) => !verdicts[i]!.blocked).map((key) => forgiveAttempt(db, key)));
  return { blocked: true, retryAfterSeconds: Math.max(...refusals) };
}

/** A correct password: each key's count is cleared or forgiven, as its `onSuccess` says. */
export async function settleSuccess(db: Kysely<Database>, keys: CountedKey[]): Promise<void> {
  await Promise.all(keys.map((key) => (key.onSuccess === "clear" ? clearAttempts(db, key.key) : forgiveAttempt(db, key))));
}

/** The key's count starts afresh, and any block on it ends. */
export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("login_failures").where("key", "=", key).execute();
}

/**
 * Takes one attempt back (without unlocking earlier guesses). A block that attempt started ends
 * with it; one that refused attempts after it stays.
 */
async function forgiveAttempt(db: Kysely<Database>, { key, policy }: Pick<CountedKey, "key" | "policy">): Promise<void> {
  await db
    .updateTable("login_failures")
    .set({
      count: sql<number>`case when count > 0 then count - 1 else 0 end`,
      blocked_until: sql<string | null>`case when count - 1 < ${policy.blockAfter} then null else blocked_until end`,
    })
    .where("key", "=", key)
    .execute();
}

/** Counts that would start again at their next attempt: nothing about them matters any more. */
export async function pruneLoginFailures(db: Kysely<Database>, now = new Date()): Promise<void> {
  const forgottenBefore = new Date(now.getTime() - throttleTiming.blockSeconds * 1000).toISOString();
  await db
    .deleteFrom("login_failures")
    .where("last_failure_at", "<=", forgottenBefore)
    .where((eb) => eb.or([eb("blocked_until", "is", null), eb("blocked_until", "<=", now.toISOString())]))
    .execute();
}

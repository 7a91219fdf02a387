import { sql, type Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";

interface ThrottlePolicy {
  /** Attempts after which each further one waits `stepMs` longer, up to `maxDelayMs`. */
  slowAfter: number;
  /** Attempts after which the next are refused until `blockSeconds` after the last one. */
  blockAfter: number;
}

/** One account is guessed at from anywhere; one address may be a whole campus behind NAT. */
export const throttlePolicies = {
  account: { slowAfter: 3, blockAfter: 10 },
  address: { slowAfter: 10, blockAfter: 50 },
} satisfies Record<string, ThrottlePolicy>;

export const throttleTiming = { stepMs: 500, maxDelayMs: 3000, blockSeconds: 15 * 60 };

type ThrottleVerdict = { blocked: true; retryAfterSeconds: number } | { blocked: false; delayMs: number };

/**
 * Counts an attempt before its password is checked, in one statement, so
 * attempts sent in parallel cannot all see the old count. Counts older than
 * the block period start again. Returns the count including this attempt.
 */
export async function countAttempt(db: Kysely<Database>, key: string, now = new Date()): Promise<number> {
  const forgottenBefore = new Date(now.getTime() - throttleTiming.blockSeconds * 1000).toISOString();
  const row = await db
    .insertInto("login_failures")
    .values({ key, count: 1, last_failure_at: now.toISOString() })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when login_failures.last_failure_at <= ${forgottenBefore} then 1 else login_failures.count + 1 end`,
        last_failure_at: (eb) => eb.ref("excluded.last_failure_at"),
      }),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** What to do with the attempt numbered `count` under this policy. */
export function throttleVerdict(count: number, policy: ThrottlePolicy): ThrottleVerdict {
  if (count > policy.blockAfter) return { blocked: true, retryAfterSeconds: throttleTiming.blockSeconds };
  const earlierBeyondFree = count - 1 - policy.slowAfter;
  return {
    blocked: false,
    delayMs: earlierBeyondFree > 0 ? Math.min(earlierBeyondFree * throttleTiming.stepMs, throttleTiming.maxDelayMs) : 0,
  };
}

/** A successful sign-in: the account starts afresh. */
export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("login_failures").where("key", "=", key).execute();
}

/** A successful sign-in from an address takes its own attempt back (without unlocking earlier guesses). */
export async function forgiveAttempt(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable("login_failures")
    .set({ count: sql<number>`case when count > 0 then count - 1 else 0 end` })
    .where("key", "=", key)
    .execute();
}

/** Counts whose block has run out are forgotten anyway (countAttempt restarts them): delete them. */
export async function pruneLoginFailures(db: Kysely<Database>, now = new Date()): Promise<void> {
  const forgottenBefore = new Date(now.getTime() - throttleTiming.blockSeconds * 1000).toISOString();
  await db.deleteFrom("login_failures").where("last_failure_at", "<=", forgottenBefore).execute();
}

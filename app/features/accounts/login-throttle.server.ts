import { sql, type Kysely } from "kysely";
import type { Database } from "../../lib/db/schema.ts";

export interface ThrottlePolicy {
  /** Failures after which each further attempt waits `stepMs` longer, up to `maxDelayMs`. */
  slowAfter: number;
  /** Failures after which attempts are refused until `blockSeconds` after the last one. */
  blockAfter: number;
}

/** One account is guessed at from anywhere; one address may be a whole campus behind NAT. */
export const throttlePolicies = {
  account: { slowAfter: 3, blockAfter: 10 },
  address: { slowAfter: 10, blockAfter: 50 },
} satisfies Record<string, ThrottlePolicy>;

export const throttleTiming = { stepMs: 500, maxDelayMs: 3000, blockSeconds: 15 * 60 };

export type ThrottleVerdict = { blocked: true; retryAfterSeconds: number } | { blocked: false; delayMs: number };

/** What to do before checking a password, given the failures recorded under `key`. */
export async function checkThrottle(
  db: Kysely<Database>,
  key: string,
  policy: ThrottlePolicy,
  now = new Date(),
): Promise<ThrottleVerdict> {
  const row = await db.selectFrom("login_failures").select(["count", "last_failure_at"]).where("key", "=", key).executeTakeFirst();
  if (!row) return { blocked: false, delayMs: 0 };
  const sinceLast = (now.getTime() - new Date(row.last_failure_at).getTime()) / 1000;
  if (sinceLast >= throttleTiming.blockSeconds) return { blocked: false, delayMs: 0 }; // forgotten
  const count = Number(row.count);
  if (count >= policy.blockAfter) {
    return { blocked: true, retryAfterSeconds: Math.ceil(throttleTiming.blockSeconds - sinceLast) };
  }
  const extra = count - policy.slowAfter;
  return { blocked: false, delayMs: extra > 0 ? Math.min(extra * throttleTiming.stepMs, throttleTiming.maxDelayMs) : 0 };
}

/** Counts a failure; failures older than the block period start the count again. */
export async function recordFailure(db: Kysely<Database>, key: string, now = new Date()): Promise<void> {
  const forgottenBefore = new Date(now.getTime() - throttleTiming.blockSeconds * 1000).toISOString();
  await db
    .insertInto("login_failures")
    .values({ key, count: 1, last_failure_at: now.toISOString() })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when login_failures.last_failure_at <= ${forgottenBefore} then 1 else login_failures.count + 1 end`,
        last_failure_at: (eb) => eb.ref("excluded.last_failure_at"),
      }),
    )
    .execute();
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("login_failures").where("key", "=", key).execute();
}

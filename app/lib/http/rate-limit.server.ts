import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export interface RateLimitRule {
  /** What is limited and for whom, e.g. "newsletter:203.0.113.7". */
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one attempt in a fixed window kept in the database, so every app
 * instance shares the count. One atomic upsert: no read-then-write race.
 */
export async function consumeRateLimit(
  db: Kysely<Database>,
  { key, limit, windowSeconds }: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const nowIso = now.toISOString();
  const windowOpenedAfter = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: nowIso, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${windowOpenedAfter} then 1 else rate_limits.count + 1 end`,
        window_start: sql<string>`case when rate_limits.window_start <= ${windowOpenedAfter} then excluded.window_start else rate_limits.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();

  const count = Number(row.count);
  const windowEnds = new Date(row.window_start).getTime() + windowSeconds * 1000;
  return {
    allowed: count <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)),
  };
}

/**
 * Takes back one attempt counted by `consumeRateLimit` in the same transaction, for one that turned
 * out to cost nothing (no mail was due after all).
 */
export async function refundRateLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set({ count: sql<number>`count - 1` })
    .where("key", "=", key)
    .where("count", ">", 0)
    .execute();
}

/** Drops windows that ended long ago; called now and then, not on every request. */
export async function pruneRateLimits(db: Kysely<Database>, olderThanSeconds = 24 * 60 * 60, now = new Date()) {
  const cutoff = new Date(now.getTime() - olderThanSeconds * 1000).toISOString();
  await db.deleteFrom("rate_limits").where("window_start", "<", cutoff).execute();
}

/** A message still not delivered this long after it was sent is given up (staff still see it). */
export const giveUpAfterMs = 24 * 60 * 60 * 1000;

const firstRetryMs = 30_000;
const longestWaitMs = 60 * 60 * 1000;

/**
 * How long to wait after the `failedAttempts`-th failure: 30 s, 1 min, 2 min … at most 1 hour,
 * plus up to a tenth more so instances that failed together do not retry together.
 */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  const base = Math.min(firstRetryMs * 2 ** Math.max(0, failedAttempts - 1), longestWaitMs);
  return Math.round(base * (1 + random() / 10));
}

export type AfterTemporaryFailure = { giveUp: true } | { giveUp: false; nextAttemptAt: Date };

/**
 * What follows a temporary failure: another attempt (never later than the 24-hour mark, so the
 * last one happens then), or giving up once that mark has passed.
 */
export function afterTemporaryFailure(
  { createdAt, failedAttempts, now }: { createdAt: Date; failedAttempts: number; now: Date },
  random: () => number = Math.random,
): AfterTemporaryFailure {
  const deadline = createdAt.getTime() + giveUpAfterMs;
  if (now.getTime() >= deadline) return { giveUp: true };
  return { giveUp: false, nextAttemptAt: new Date(Math.min(now.getTime() + retryDelayMs(failedAttempts, random), deadline)) };
}

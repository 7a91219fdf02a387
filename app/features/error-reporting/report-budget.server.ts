export interface ReportBudgetRules {
  /** Reports one client address may send in a window. */
  perAddress: number;
  /** Reports this process takes in a window from everyone together: what its log can be made to carry. */
  perProcess: number;
  windowSeconds: number;
}

export type ReportSlot =
  | { allowed: true }
  | {
      allowed: false;
      retryAfterSeconds: number;
      /** The whole process is over its limit (not just this address), and this is the first refusal of the window. */
      processJustFilled: boolean;
    };

/**
 * Counts error reports in fixed windows, in this process's memory. A report costs no database
 * write: what the limit protects is this process's log, and the counters die with the window.
 * The map holds at most `perProcess` addresses, since only accepted reports add to it.
 */
export function createReportBudget({ perAddress, perProcess, windowSeconds }: ReportBudgetRules, now: () => number = Date.now) {
  const windowMs = windowSeconds * 1000;
  let windowStart = -Infinity;
  let total = 0;
  let processFullNoted = false;
  const byAddress = new Map<string, number>();

  return {
    take(address: string): ReportSlot {
      const time = now();
      if (time - windowStart >= windowMs) {
        windowStart = time;
        total = 0;
        processFullNoted = false;
        byAddress.clear();
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - time) / 1000));
      if (total >= perProcess) {
        const processJustFilled = !processFullNoted;
        processFullNoted = true;
        return { allowed: false, retryAfterSeconds, processJustFilled };
      }
      const used = byAddress.get(address) ?? 0;
      if (used >= perAddress) return { allowed: false, retryAfterSeconds, processJustFilled: false };
      byAddress.set(address, used + 1);
      total += 1;
      return { allowed: true };
    },
  };
}

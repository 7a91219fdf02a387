// SIGTERM and SIGINT, as every process serving the site hears them (server/site-process.ts,
// server/cluster.ts): the first starts the drain, a second cuts its delay short.

export interface StopSignals {
  /** Resolved by the first signal with its name, or by the caller with another reason (the primary's word). */
  requested: PromiseWithResolvers<string>;
  /** A second signal: an operator pressing Ctrl-C again, or a supervisor that will not wait for the balancer. */
  hurried: Promise<void>;
}

/**
 * Listens from the start, so a signal that comes while the application loads is acted on once it
 * serves; and for good, so no further signal can end the process the default way, dropping the
 * requests it still has.
 */
export function stopSignals(): StopSignals {
  const requested = Promise.withResolvers<string>();
  const hurried = Promise.withResolvers<void>();
  let heard = 0;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => (++heard === 1 ? requested.resolve(signal) : hurried.resolve()));
  }
  return { requested, hurried: hurried.promise };
}

/** SHUTDOWN_DELAY_MS, or less if a second signal comes meanwhile. */
export function drainDelay(ms: number, hurried: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void hurried.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

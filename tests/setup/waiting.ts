// Waiting in tests: on evidence (`until`) wherever there is some, and for a fixed time (`pause`)
// only where the point is that time passes.

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds; fails after `timeoutMs`, naming `what` was awaited. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(20);
  }
}

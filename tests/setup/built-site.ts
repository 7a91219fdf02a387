import { freePort } from "./free-port.ts";
import { spawnSite } from "./site-process.ts";

/**
 * Starts the built site (tests/setup/site-process.ts) on a free port, and resolves once /readyz
 * answers. Its log goes nowhere: for the browser tests' own sites and the benchmarks, which read no
 * log (tests/setup/server.ts keeps the log, for the integration tests). `env` may ask for workers.
 */
export async function startBuiltSite(env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnSite(env, { port, stdio: ["ignore", "ignore", "inherit"] });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (attempt > 300) throw new Error("the site did not start within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

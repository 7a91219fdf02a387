import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.ts";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Starts the built site (`npm run build` first) as `npm start` does, on a free port, and resolves
 * once /readyz answers. Its log goes nowhere: for the browser tests' own sites and the benchmarks,
 * which read no log (tests/setup/server.ts keeps the log, for the integration tests). No test
 * runner is imported here, so Playwright's side and scripts can use it.
 */
export async function startBuiltSite(env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: projectRoot,
    // SHUTDOWN_DELAY_MS: no load balancer polls it, so it stops accepting as soon as it is signalled.
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      SHUTDOWN_DELAY_MS: "0",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
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

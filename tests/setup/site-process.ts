// The one way tests, browser tests and benchmarks start the site: the built site (`npm run build`
// first) run as `npm start` runs it. No test runner imported here: Playwright's side and the
// benchmark scripts use it too.
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { fileURLToPath } from "node:url";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface SiteProcessOptions {
  /** Where the site listens; none for a start that is expected to fail. */
  port?: number;
  stdio: StdioOptions;
  /**
   * In a process group of its own, so a test can signal the whole group as a supervisor does
   * (`process.kill(-pid)`). Off by default: a group of its own does not get the terminal's Ctrl-C.
   */
  ownProcessGroup?: boolean;
}

/**
 * `node build/start.js` (what `npm start` runs) in production mode, on 127.0.0.1, with no drain delay (no load balancer
 * polls it, so it stops accepting as soon as it is signalled). `env` is added to, and may replace,
 * these; without WEB_CONCURRENCY the site starts a worker per core, as in production.
 */
export function spawnSite(env: Record<string, string>, { port, stdio, ownProcessGroup = false }: SiteProcessOptions): ChildProcess {
  const address = port === undefined ? {} : { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
  return spawn(process.execPath, ["build/start.js"], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      SHUTDOWN_DELAY_MS: "0",
      HOST: "127.0.0.1",
      ...address,
      ...env,
    },
    stdio,
    detached: ownProcessGroup,
  });
}

import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { createTestDatabase, type Engine, type TestDatabase } from "./databases.ts";
import { freePort } from "./free-port.ts";
import { spawnSite, type SiteProcessOptions } from "./site-process.ts";

export interface RunningServer {
  url: string;
  /** The process `npm start` would run: the primary when there are workers. */
  pid: number;
  /** Every JSON line the server has logged so far. */
  logs: Array<Record<string, unknown>>;
  /** Resolves with the exit code once the server has exited, however it was stopped. */
  exited: Promise<number | null>;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export type ServerOptions = Pick<SiteProcessOptions, "ownProcessGroup">;

/** The log lines of every server this test file started: a mail written to the log is found whatever the server. */
const logsOfEveryServer = new Set<RunningServer["logs"]>();

/**
 * Sites whose test failed before stopping them, perhaps with a worker stopped (SIGSTOP): ended with
 * the test file, so that none goes on using a core under the next file or benchmark. The primary is
 * killed; a stopped worker is woken, and exits on losing its primary (a waking signal harms no
 * process that took a finished worker's id meanwhile).
 */
const sitesStillRunning = new Set<{ pid: number; logs: RunningServer["logs"] }>();

function endSitesStillRunning() {
  for (const site of sitesStillRunning) {
    signalIfAlive(site.pid, "SIGKILL");
    for (const pid of new Set(site.logs.map((entry) => Number(entry.pid)))) signalIfAlive(pid, "SIGCONT");
  }
}
process.once("exit", endSitesStillRunning);
// Vitest ends a test file's process with SIGTERM, which runs no "exit" handler: the sites are
// ended first, then the signal is raised again to end the process as it would have.
if (process.env.VITEST) {
  process.once("SIGTERM", () => {
    endSitesStillRunning();
    process.kill(process.pid, "SIGTERM");
  });
}

function signalIfAlive(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/**
 * The text of the newest account mail to `recipient` that a server without SMTP_URL wrote to its
 * log; with `site`, only a mail whose links lead there (test files run a site per engine, with the
 * same addresses).
 */
export async function loggedMailTo(
  recipient: string,
  { site, timeoutMs = 5000 }: { site?: string; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const texts = [...logsOfEveryServer]
      .flatMap((logs) => logs.filter((entry) => entry.recipient === recipient && typeof entry.text === "string"))
      .sort((a, b) => Number(a.time) - Number(b.time))
      .map((entry) => entry.text as string)
      .filter((text) => !site || text.includes(`${site}/`));
    if (texts.length > 0) return texts.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no mail to ${recipient} in the servers' logs`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The first address of this site in a mail's text. */
export const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);

/**
 * Starts the built site (`npm run build` first) exactly as `npm start` does,
 * on a free port, and resolves once it listens. A port taken between the
 * probe and the listen (servers starting side by side) is tried again.
 */
export async function startServer(env: Record<string, string>, options: ServerOptions = {}): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(env, options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes("EADDRINUSE")) throw error;
    }
  }
}

async function startServerOnce(env: Record<string, string>, { ownProcessGroup }: ServerOptions): Promise<RunningServer> {
  // One process unless a test asks for workers: its log then holds every request.
  const child = spawnSite({ WEB_CONCURRENCY: "1", ...env }, { port: await freePort(), stdio: ["ignore", "pipe", "pipe"], ownProcessGroup });
  const logs: RunningServer["logs"] = [];
  logsOfEveryServer.add(logs);
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const running = { pid: child.pid!, logs };
  sitesStillRunning.add(running);
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      sitesStillRunning.delete(running);
      resolve(code);
    }),
  );

  return new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      let newline;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          logs.push(entry);
          if (typeof entry.port === "number" && String(entry.msg).startsWith("listening")) {
            resolve({
              url: `http://127.0.0.1:${entry.port}`,
              pid: child.pid!,
              logs,
              exited,
              stop() {
                if (child.exitCode === null) child.kill("SIGTERM");
                return exited;
              },
            });
          }
        } catch {
          // not a log line
        }
      }
    });
    // Why it could not start is logged (JSON on stdout), a port taken meanwhile (EADDRINUSE, retried above) included.
    const logged = () =>
      logs
        .filter((entry) => Number(entry.level) >= 50)
        .map((entry) => JSON.stringify(entry))
        .join("\n");
    exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${stderr}${logged()}`)));
  });
}

/** Runs the server with this environment and returns how it exits, for start-up failures. */
export function runServerExpectingExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawnSite({ WEB_CONCURRENCY: "1", ...env }, { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  let stdout = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    }),
  );
}

export interface RunningSite extends RunningServer {
  /** The site's own fresh database; stop() drops it. */
  database: TestDatabase;
}

/** A fresh database and the site started on it: what most integration test files begin with. */
export async function startSite(
  env: Record<string, string> = {},
  engine: Engine = "sqlite",
  options: ServerOptions = {},
): Promise<RunningSite> {
  const database = await createTestDatabase(engine, { prepared: true });
  try {
    const server = await startServer({ ...database.env, ...env }, options);
    return {
      ...server,
      database,
      async stop() {
        const code = await server.stop();
        await database.drop();
        return code;
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/**
 * A site on a fresh database for the tests of one describe block, started before them and
 * stopped after; `db` is a connection of the test's own, to look at what the site stored.
 */
export function siteForTests(env: Record<string, string> = {}, engine: Engine = "sqlite") {
  let server: RunningSite | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    server = await startSite(env, engine);
    handle = server.database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });
  return {
    get server() {
      return server!;
    },
    get db() {
      return handle!.db;
    },
  };
}

// A restart under load: SIGTERM while clients keep sending requests, once to the whole process
// group (what systemd does) and once to the primary alone. Counts every request sent: answered,
// refused (the connection was never accepted: the listener had closed, so a balancer or browser
// may try again) and lost (the connection was accepted, then reset or closed without an answer),
// and checks that every newsletter sign-up answered "Thank you" is stored.
// `npm run bench:drain` builds first. BENCH_DRAIN_CLIENTS (30) clients, half on keep-alive connections as
// browsers and balancers keep them, half on a new connection per request; two workers. Other
// variables (SHUTDOWN_DELAY_MS...) are passed to the site.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "#app/lib/db/connect.server.ts";
import { freePort } from "#tests/setup/free-port.ts";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const clients = Number(process.env.BENCH_DRAIN_CLIENTS ?? 30);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Outcome = "answered" | "refused" | "lost";
interface Tally {
  sent: number;
  answered: number;
  refused: number;
  lost: number;
  /** Answers other than 200 (a page) and 303 (none expected). */
  unexpected: number;
  stored: number;
  acknowledged: number;
  exitCode: number | null;
  stopMs: number;
}

async function startSite(env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["build/start.js"], {
    cwd: projectRoot,
    // Its own process group, so the whole group can be signalled as a supervisor does.
    detached: true,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      WEB_CONCURRENCY: "2",
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (attempt > 300) throw new Error("the site did not start within 30 s");
    await pause(100);
  }
  return { url, port, pid: child.pid!, exited };
}

/** One request; "refused" when its connection was never accepted, "lost" when it was and no whole answer came. */
function send(port: number, agent: Agent | false, index: number): Promise<{ outcome: Outcome; status?: number; email?: string }> {
  const email = index % 2 === 0 ? `drain-${index}@example.com` : undefined;
  const body = email ? new URLSearchParams({ email }).toString() : undefined;
  return new Promise((resolve) => {
    let connected = false;
    const req = request(
      {
        host: "127.0.0.1",
        port,
        agent,
        method: email ? "POST" : "GET",
        path: email ? "/newsletter" : "/courses",
        headers: {
          // Each sign-up from a network of its own: the per-network limit is not what is measured.
          "X-Forwarded-For": `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
          ...(body ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) } : {}),
        },
      },
      (response: IncomingMessage) => {
        response.resume();
        response.on("end", () => resolve({ outcome: "answered", status: response.statusCode, email }));
        response.on("error", () => resolve({ outcome: "lost" }));
      },
    );
    req.on("socket", (socket) => {
      if (req.reusedSocket) connected = true;
      else socket.once("connect", () => (connected = true));
    });
    req.on("error", () => resolve({ outcome: connected ? "lost" : "refused" }));
    req.end(body);
  });
}

async function restartUnderLoad(signal: "group" | "primary"): Promise<Tally> {
  const dir = mkdtempSync(join(tmpdir(), "bench-drain-"));
  const env = { SQLITE_PATH: join(dir, "app.db") };
  const site = await startSite({ ...env, ...pickSiteEnv() });
  const tally: Tally = { sent: 0, answered: 0, refused: 0, lost: 0, unexpected: 0, stored: 0, acknowledged: 0, exitCode: null, stopMs: 0 };
  const acknowledged: string[] = [];
  let stopped = false;
  void site.exited.then(() => (stopped = true));
  let next = 0;
  const keepAlive = new Agent({ keepAlive: true, maxSockets: clients });
  const loops = Array.from({ length: clients }, async (_, client) => {
    while (!stopped) {
      const index = next++;
      tally.sent++;
      const { outcome, status, email } = await send(site.port, client % 2 === 0 ? keepAlive : false, index);
      tally[outcome]++;
      if (outcome === "answered" && status !== 200) tally.unexpected++;
      if (outcome === "answered" && status === 200 && email) acknowledged.push(email);
      // A refused client waits a little before trying again, as a browser's user would.
      if (outcome === "refused") await pause(50);
    }
  });
  await pause(1500);
  const signalled = Date.now();
  process.kill(signal === "group" ? -site.pid : site.pid, "SIGTERM");
  tally.exitCode = await site.exited;
  tally.stopMs = Date.now() - signalled;
  await Promise.all(loops);
  keepAlive.destroy();
  const handle = openDatabase({ SQLITE_PATH: env.SQLITE_PATH, DATABASE_URL: undefined });
  const rows = await handle.db.selectFrom("newsletter_subscriptions").select("email").execute();
  await handle.close();
  const stored = new Set(rows.map((row) => row.email));
  tally.acknowledged = acknowledged.length;
  tally.stored = acknowledged.filter((email) => stored.has(email)).length;
  rmSync(dir, { recursive: true, force: true });
  return tally;
}

/** The site's own settings given to this script (SHUTDOWN_DELAY_MS, SHUTDOWN_TIMEOUT_MS). */
function pickSiteEnv(): Record<string, string> {
  return Object.fromEntries(
    ["SHUTDOWN_DELAY_MS", "SHUTDOWN_TIMEOUT_MS"].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])),
  );
}

const rows = [];
for (const signal of ["group", "primary"] as const) {
  const tally = await restartUnderLoad(signal);
  rows.push({ "SIGTERM to": signal === "group" ? "process group" : "primary alone", ...tally });
}
console.log(`${clients} clients, two workers, ${JSON.stringify(pickSiteEnv())}`);
console.table(rows);

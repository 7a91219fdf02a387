// The site under a crowd: requests per second, p50 and p99 latency, errors and the server's peak
// memory, for anonymous pages, the same HTML from a bare node:http server (the reference: what
// serving stored bytes costs on this machine), a signed-in page, a hashed asset and a form post,
// at 50 and 500 connections, interleaved in one run. The load generator shares the machine.
// Run `npm run build` first; `npm run bench:load` does. BENCH_LOAD_SECONDS sets each run's length.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { hashPassword } from "#app/features/accounts/password.server.ts";
import { createAccount } from "#app/features/accounts/queries.server.ts";
import { openDatabase } from "#app/lib/db/connect.server.ts";
import { migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { startBuiltSite } from "#tests/setup/built-site.ts";
import { freePort } from "#tests/setup/free-port.ts";
import { TestBrowser } from "#tests/setup/http-client.ts";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 15);
const connectionCounts = [50, 500];
const learner = { email: "crowd-learner@example.com", password: "monsoon-lantern-tamarind-7" };

interface Target {
  name: string;
  url: string;
  /** Varied per request: a form post from many client addresses, each with its own email. */
  setupRequest?: (request: autocannon.Request) => autocannon.Request;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
}

interface Measured {
  target: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  peakRssMb: number;
  peakWorkerRssMb: number;
}

/** A server that answers every request with the same stored page: the most any Node server can do with it. */
async function startReference(html: string, headers: Record<string, string>): Promise<{ url: string; server: Server }> {
  const body = Buffer.from(html);
  const server = createServer((_request, response) => {
    response.writeHead(200, { ...headers, "Content-Length": body.length });
    response.end(body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}/`, server };
}

/** Resident memory in MB of the site's processes (the primary and each worker), read the way an operator would (ps). */
function rssMb(pid: number): { total: number; largestWorker: number } {
  const read = (args: string[]) => {
    try {
      return execFileSync("ps", [...args, "-o", "rss="], { encoding: "utf8" })
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => Number(line.trim()) / 1024);
    } catch {
      return [];
    }
  };
  const [primary = 0] = read(["-p", String(pid)]);
  const workers = read(["--ppid", String(pid)]);
  return { total: primary + workers.reduce((sum, rss) => sum + rss, 0), largestWorker: Math.max(primary, ...workers) };
}

async function measure(target: Target, connections: number, serverPid: number | undefined): Promise<Measured> {
  let peak = { total: 0, largestWorker: 0 };
  const sample = () => {
    if (!serverPid) return;
    const now = rssMb(serverPid);
    peak = { total: Math.max(peak.total, now.total), largestWorker: Math.max(peak.largestWorker, now.largestWorker) };
  };
  sample();
  const sampler = serverPid ? setInterval(sample, 250) : undefined;
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    method: target.method ?? "GET",
    headers: { "Accept-Encoding": "gzip, br", ...target.headers },
    requests: target.setupRequest ? [{ setupRequest: target.setupRequest }] : undefined,
  });
  clearInterval(sampler);
  return {
    target: target.name,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    peakRssMb: Math.round(peak.total),
    peakWorkerRssMb: Math.round(peak.largestWorker),
  };
}

/** Signs the learner in through the built-in provider, as a browser would; returns the session cookie. */
async function signIn(siteUrl: string): Promise<string> {
  const browser = new TestBrowser(siteUrl, "198.51.100.250");
  const atLogin = await browser.follow(await browser.request("/signin?return_to=%2Fprofile"), "/signin");
  const posted = await browser.postForm(atLogin.url.pathname, { email: learner.email, password: learner.password });
  const { url } = await browser.follow(posted, atLogin.url.pathname);
  if (url.pathname !== "/profile") throw new Error(`signing in ended at ${url.pathname}`);
  return browser.jar.headerFor(new URL("/profile", siteUrl));
}

/**
 * Newsletter sign-ups, each with an email of its own: from a client address each (the site trusts
 * one proxy), so no limit cuts the run short; or all from one address, past its limit from the start.
 */
function newsletterPosts(siteUrl: string, { fromOneAddress = false } = {}): Target["setupRequest"] {
  let sequence = 0;
  return (request) => {
    sequence += 1;
    const address = fromOneAddress ? "10.255.255.255" : `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
    return {
      ...request,
      method: "POST",
      headers: { ...request.headers, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address, Origin: siteUrl },
      body: new URLSearchParams({ email: `reader-${sequence}@example.com` }).toString(),
    };
  };
}

function table(rows: Measured[], reference: Map<number, number>): string {
  const lines = [
    "| page | connections | requests/s | × reference | p50 ms | p99 ms | errors | non-2xx | peak RSS, all processes | peak RSS, largest worker |",
    "|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const row of rows) {
    const ratio =
      row.target === "reference (node:http, same HTML)" ? "1" : (row.requestsPerSecond / reference.get(row.connections)!).toFixed(2);
    lines.push(
      `| ${row.target} | ${row.connections} | ${row.requestsPerSecond} | ${ratio} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} | ${row.peakRssMb ? `${row.peakRssMb} MB` : "—"} | ${row.peakWorkerRssMb ? `${row.peakWorkerRssMb} MB` : "—"} |`,
    );
  }
  return lines.join("\n");
}

/** Replaces the section between the load benchmark's markers in docs/performance.md. */
function writeToDocs(markdown: string) {
  const path = join(projectRoot, "docs/performance.md");
  const doc = readFileSync(path, "utf8");
  const start = "<!-- bench:load start -->";
  const end = "<!-- bench:load end -->";
  const section = `${start}\n${markdown}\n${end}`;
  const next = doc.includes(start)
    ? doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), section)
    : `${doc.trimEnd()}\n\n## Under load\n\n${section}\n`;
  writeFileSync(path, next);
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "bench-load-"));
  const sqlitePath = join(dir, "app.db");
  const setup = openDatabase({ SQLITE_PATH: sqlitePath });
  await migrateToLatest(setup.db);
  await createAccount(setup.db, {
    name: "Crowd Learner",
    phone: "9840012345",
    email: learner.email,
    passwordHash: await hashPassword(learner.password),
  });
  await setup.close();

  let site: Awaited<ReturnType<typeof startBuiltSite>> | undefined;
  let reference: { server: Server } | undefined;
  try {
    // Logging as in production (one line a request), to nowhere: reading it would load the machine.
    // As in production: one worker per core unless BENCH_LOAD_WORKERS says otherwise.
    const workerCount = process.env.BENCH_LOAD_WORKERS;
    site = await startBuiltSite({ SQLITE_PATH: sqlitePath, TRUST_PROXY: "1", ...(workerCount ? { WEB_CONCURRENCY: workerCount } : {}) });
    const workers = workerCount === "1" ? "one process" : `${workerCount ?? availableParallelism()} workers`;
    const home = await fetch(`${site.url}/`);
    const html = await home.text();
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    if (!stylesheet) throw new Error("no hashed stylesheet on the home page");
    const started = await startReference(html, { "Content-Type": "text/html; charset=utf-8" });
    reference = started;
    const cookie = await signIn(site.url);

    const targets: Target[] = [
      { name: "reference (node:http, same HTML)", url: started.url },
      { name: "`/`", url: `${site.url}/` },
      { name: "`/courses/java`", url: `${site.url}/courses/java` },
      { name: "`/test/java`", url: `${site.url}/test/java` },
      { name: "`/profile`, signed in", url: `${site.url}/profile`, headers: { Cookie: cookie } },
      { name: `hashed asset (\`${stylesheet.split("/").pop()}\`)`, url: `${site.url}${stylesheet}` },
      { name: "newsletter post", url: `${site.url}/newsletter`, setupRequest: newsletterPosts(site.url) },
      {
        name: "newsletter post, refused (429)",
        url: `${site.url}/newsletter`,
        setupRequest: newsletterPosts(site.url, { fromOneAddress: true }),
      },
    ];
    const idle = rssMb(site.pid);
    const rows: Measured[] = [];
    for (const connections of connectionCounts) {
      for (const target of targets) {
        const pid = target === targets[0] ? undefined : site.pid;
        const row = await measure(target, connections, pid);
        rows.push(row);
        console.log(
          `${String(connections).padStart(3)} connections  ${target.name.padEnd(40)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}  non-2xx ${row.non2xx}${row.peakRssMb ? `  peak RSS ${row.peakRssMb} MB (largest worker ${row.peakWorkerRssMb} MB)` : ""}`,
        );
      }
    }
    const referenceRate = new Map(
      rows.filter((row) => row.target === targets[0]!.name).map((row) => [row.connections, row.requestsPerSecond]),
    );
    const markdown = [
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:load\` (${seconds} s a run, autocannon on the same ${availableParallelism()}-core machine, SQLite, ${workers}). The server's memory at rest: ${Math.round(idle.total)} MB in all, ${Math.round(idle.largestWorker)} MB in its largest process. The refused posts come from one address past its limit; every other row answers 2xx.`,
      "",
      table(rows, referenceRate),
    ].join("\n");
    writeToDocs(markdown);
    console.log(`\n${markdown}\n\nWritten to docs/performance.md.`);
  } finally {
    await site?.stop();
    reference?.server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

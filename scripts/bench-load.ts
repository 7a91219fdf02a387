// The site under a crowd: requests per second, p50 and p99 latency, errors and the server's peak
// memory, for anonymous pages, the same pages for a class of signed-in learners, a hashed asset and
// small form posts (newsletter, lesson progress, a quiz attempt), at 50 and 500 connections,
// interleaved in one run. Each anonymous page and the asset is also asked of a bare
// node:http server sending the very bytes the site sent (the reference: what sending them costs on
// this machine). The load generator shares the machine: autocannon, made to count the bytes it
// reads without decoding them as text (scripts/lean-autocannon.ts), and memory read from /proc.
// Run `npm run build` first; `npm run bench:load` does. BENCH_LOAD_SECONDS sets each run's length,
// BENCH_LOAD_WARM_UP_SECONDS the warm-up before it at the same load, not counted (2),
// BENCH_LOAD_CONNECTIONS the crowds ("50,500"), BENCH_LOAD_ONLY the rows (see below).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get, type OutgoingHttpHeaders } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "./lean-autocannon.ts";
import { answerField, CURRENT_FIELD } from "#app/features/quizzes/types.ts";
import { openDatabase } from "#app/lib/db/connect.server.ts";
import { databaseWithLearner, signInLearner } from "./bench-learner.ts";
import { startBuiltSite } from "#tests/setup/built-site.ts";
import { freePort } from "#tests/setup/free-port.ts";
import { sessionCookieOf } from "#tests/setup/sessions.ts";
import { cpuMicroseconds, memoryMb, samplePeakMemory } from "./site-memory.ts";

/** Where the probes loaded through BENCH_LOAD_NODE_OPTIONS write, passed on to the site's processes. */
const probeDirs = () =>
  Object.fromEntries(
    ["MEMORY_SAMPLES_DIR", "LOOP_TURNS_DIR", "ALLOCATION_PROFILE_DIR"].flatMap((name) =>
      process.env[name] ? [[name, process.env[name]]] : [],
    ),
  );

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 15);
const warmUpSeconds = Number(process.env.BENCH_LOAD_WARM_UP_SECONDS ?? 2);
const connectionCounts = (process.env.BENCH_LOAD_CONNECTIONS ?? "50,500").split(",").map(Number);
/**
 * Learners signed in at once for the signed-in rows: a class, not one session asked again and
 * again, and enough that none reaches the quiz's hourly allowance of kept attempts in a run.
 */
const classSize = 200;

interface Target {
  name: string;
  url: string;
  /** Varied per request: a form post from many client addresses, each with its own email. */
  setupRequest?: (request: autocannon.Request) => autocannon.Request;
  /** Headers of each connection's own, by its number: a learner's browser on its keep-alive connection. */
  perConnection?: (connection: number) => Record<string, string>;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Also measured from the reference, sending the bytes the site sent for it. */
  referenced?: boolean;
}

interface Measured {
  target: string;
  connections: number;
  requestsPerSecond: number;
  /** The reference's rate for the same bytes, measured just before. */
  referenceRequestsPerSecond?: number;
  p50: number;
  p99: number;
  errors: number;
  /** What the errors were, as "3 request timed out, 2 ECONNRESET"; empty without any. */
  errorKinds: string;
  non2xx: number;
  peakRssMb: number;
  peakWorkerRssMb: number;
  peakWorkerPssMb: number;
  /** The site's processes' CPU time (user and system, all processes) per answered request, in µs. */
  cpuMicrosecondsPerRequest?: number;
}

interface Copy {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** What the site sends for a request of the benchmark, as sent (compressed), with the headers a client reads. */
function copyOf(url: string): Promise<Copy> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "Accept-Encoding": "gzip, br" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
        const { "content-type": type, "content-encoding": encoding } = response.headers;
        resolve({ headers: { "Content-Type": type, ...(encoding ? { "Content-Encoding": encoding } : {}) }, body: Buffer.concat(chunks) });
      });
    }).on("error", reject);
  });
}

/** The reference: each path answered with its stored copy, the most any Node server can do with those bytes. */
const referenceServer = `
  import { createServer } from "node:http";
  import { readFileSync } from "node:fs";
  const copies = new Map(JSON.parse(readFileSync(process.argv[1], "utf8")).map(([path, headers, body]) => [path, { headers, body: Buffer.from(body, "base64") }]));
  createServer((request, response) => {
    const copy = copies.get(request.url);
    if (!copy) return void response.writeHead(404).end();
    response.writeHead(200, { ...copy.headers, "Content-Length": copy.body.length });
    response.end(copy.body);
  }).listen(Number(process.argv[2]), "127.0.0.1", () => console.log("listening"));
`;

/** Starts the reference in a process of its own, as the site has: sharing the load generator's would slow it. */
async function startReference(copies: Map<string, Copy>, dir: string): Promise<{ url: string; stop: () => void }> {
  const file = join(dir, "reference-copies.json");
  writeFileSync(file, JSON.stringify([...copies].map(([path, copy]) => [path, copy.headers, copy.body.toString("base64")])));
  const port = await freePort();
  const child = spawn(process.execPath, ["--input-type=module", "-e", referenceServer, file, String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the reference server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

async function measure(target: Target, connections: number, serverPid: number | undefined): Promise<Measured> {
  const memory = serverPid ? samplePeakMemory(serverPid) : undefined;
  /** Of the counted run's errors, how many of each kind (a timeout, or the socket's error code). */
  const errorKinds = new Map<string, number>();
  const headers = { "Accept-Encoding": "gzip, br", ...target.headers };
  const run = (duration: number, { counted = true } = {}) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      let connection = 0;
      const { perConnection } = target;
      const running = autocannon(
        {
          url: target.url,
          connections,
          duration,
          method: target.method ?? "GET",
          headers,
          requests: target.setupRequest ? [{ setupRequest: target.setupRequest }] : undefined,
          // Built once per connection; a request set up anew each time cost the load generator an
          // eighth of its time, on the cores it shares with the site.
          setupClient: perConnection ? (client) => client.setHeaders({ ...headers, ...perConnection(connection++) }) : undefined,
        },
        (error: unknown, result: autocannon.Result) => (error ? reject(error) : resolve(result)),
      );
      if (!counted) return;
      running.on("reqError", (error: NodeJS.ErrnoException) => {
        const kind = error.code ?? error.message;
        errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
      });
    });
  // A site that has served for a while has compiled its hot code: the same load for a moment first,
  // not counted (its memory is).
  if (warmUpSeconds > 0) await run(warmUpSeconds, { counted: false });
  const cpuBefore = serverPid ? cpuMicroseconds(serverPid) : 0;
  const result = await run(seconds);
  const cpuUsed = serverPid ? cpuMicroseconds(serverPid) - cpuBefore : 0;
  const peak = (await memory?.peak()) ?? { total: 0, largestWorker: 0, largestWorkerPss: 0 };
  return {
    target: target.name,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon's errors include its timeouts (adding them counted each timeout twice, until 2026-11-26).
    errors: result.errors,
    errorKinds: [...errorKinds].map(([kind, count]) => `${count} ${kind}`).join(", "),
    non2xx: result.non2xx,
    peakRssMb: Math.round(peak.total),
    peakWorkerRssMb: Math.round(peak.largestWorker),
    peakWorkerPssMb: Math.round(peak.largestWorkerPss),
    cpuMicrosecondsPerRequest: serverPid && result.requests.total > 0 ? Math.round(cpuUsed / result.requests.total) : undefined,
  };
}

interface Burst {
  what: string;
  count: number;
  p50: number;
  p99: number;
  slowest: number;
  failed: number;
}

/**
 * The lecture-hall scene: every learner of the class asks for `path` at the same moment, each on a
 * connection of their own, once. How long each waited until the whole page had arrived.
 */
async function burst(siteUrl: string, path: string, cookies: readonly string[], what: string): Promise<Burst> {
  const { hostname, port } = new URL(siteUrl);
  const one = (cookie: string, index: number) =>
    new Promise<number | null>((resolve) => {
      const started = performance.now();
      const req = get(
        {
          host: hostname,
          port,
          path,
          agent: false,
          headers: { "Accept-Encoding": "gzip, br", Cookie: cookie, "X-Forwarded-For": `10.3.${index >> 8}.${index & 255}` },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode === 200 ? performance.now() - started : null));
          response.on("error", () => resolve(null));
        },
      );
      req.on("error", () => resolve(null));
    });
  const waits = await Promise.all(cookies.map(one));
  const answered = waits.filter((wait): wait is number => wait !== null).sort((a, b) => a - b);
  const at = (share: number) => Math.round(answered[Math.min(answered.length - 1, Math.floor(share * answered.length))] ?? 0);
  return {
    what,
    count: cookies.length,
    p50: at(0.5),
    p99: at(0.99),
    slowest: Math.round(answered.at(-1) ?? 0),
    failed: waits.length - answered.length,
  };
}

/**
 * Sessions for a class of learners, made in the database as a sign-in makes them (the person, then
 * the session): signing 200 people in through the provider would take longer than the runs. Their
 * cookies as the site sets them over plain HTTP.
 */
async function classOfLearners(sqlitePath: string): Promise<string[]> {
  const handle = openDatabase({ SQLITE_PATH: sqlitePath });
  try {
    const cookies: string[] = [];
    for (let index = 0; index < classSize; index++) {
      cookies.push(
        await sessionCookieOf(handle.db, {
          sub: `class-learner-${index}`,
          name: `Learner ${index}`,
          email: `class-learner-${index}@example.com`,
        }),
      );
    }
    return cookies;
  } finally {
    await handle.close();
  }
}

/** The text of a page without its markup, enough to find a name in it. */
const visibleNames = (html: string) => html.replace(/<[^>]*>/g, " ");

/** The Java course's number of lessons and its quiz's question ids, as the site seeded them. */
async function javaCourseAndQuiz(sqlitePath: string) {
  const handle = openDatabase({ SQLITE_PATH: sqlitePath });
  try {
    const lessons = await handle.db.selectFrom("lessons").select("id").where("course_slug", "=", "java").execute();
    const questions = await handle.db
      .selectFrom("quiz_questions")
      .select("id")
      .where("quiz_slug", "=", "java")
      .orderBy("position")
      .execute();
    if (lessons.length === 0 || questions.length === 0) throw new Error("the Java course or quiz is missing");
    return { lessons: lessons.length, questions: questions.map((question) => question.id) };
  } finally {
    await handle.close();
  }
}

/** Each connection a learner of the class, in turn, from an address of its own: their browser on its keep-alive connection. */
const learnerOfConnection =
  (cookies: readonly string[]): Target["perConnection"] =>
  (connection) => ({
    Cookie: cookies[connection % cookies.length]!,
    "X-Forwarded-For": `10.1.${(connection >> 8) & 255}.${connection & 255}`,
  });

/** Each request from the next learner of the class, from an address of its own. */
function asClass(siteUrl: string, cookies: readonly string[], post?: (sequence: number) => string): Target["setupRequest"] {
  let sequence = 0;
  return (request) => {
    sequence += 1;
    const headers = {
      ...request.headers,
      Cookie: cookies[sequence % cookies.length]!,
      "X-Forwarded-For": `10.1.${(sequence >> 8) & 255}.${sequence & 255}`,
    };
    if (!post) return { ...request, headers };
    return {
      ...request,
      method: "POST",
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Origin: siteUrl },
      body: post(sequence),
    };
  };
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

function table(rows: Measured[]): string {
  const lines = [
    "| page | connections | requests/s | the same bytes from node:http | × reference | p50 ms | p99 ms | errors | non-2xx | server CPU µs a request | peak RSS, all processes | peak RSS, largest worker | peak PSS, largest worker |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const row of rows) {
    const reference = row.referenceRequestsPerSecond;
    lines.push(
      `| ${row.target} | ${row.connections} | ${row.requestsPerSecond} | ${reference ?? "—"} | ${reference ? (row.requestsPerSecond / reference).toFixed(2) : "—"} | ${row.p50} | ${row.p99} | ${row.errors}${row.errorKinds ? ` (${row.errorKinds})` : ""} | ${row.non2xx} | ${row.cpuMicrosecondsPerRequest ?? "—"} | ${row.peakRssMb} MB | ${row.peakWorkerRssMb} MB | ${row.peakWorkerPssMb} MB |`,
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
  await databaseWithLearner(sqlitePath);

  let site: Awaited<ReturnType<typeof startBuiltSite>> | undefined;
  let reference: Awaited<ReturnType<typeof startReference>> | undefined;
  try {
    // Logging as in production (one line a request), to nowhere: reading it would load the machine.
    // As in production: one worker per core unless BENCH_LOAD_WORKERS says otherwise.
    const workerCount = process.env.BENCH_LOAD_WORKERS;
    // BENCH_LOAD_CPU_PROFILE_DIR: each of the site's processes writes a V8 CPU profile there as it stops
    // (the class's real load; scripts/profile-pages.ts profiles one process asked by one person).
    // BENCH_LOAD_NODE_OPTIONS: Node's options for the site's processes (V8's heap flags, to compare;
    // `--import ./scripts/memory-sampler.mjs` with MEMORY_SAMPLES_DIR, where their memory goes;
    // `--import ./scripts/loop-turns-probe.mjs` with LOOP_TURNS_DIR, how requests fall into turns of the loop;
    // `--import ./scripts/allocation-profile.mjs` with ALLOCATION_PROFILE_DIR, what they allocate).
    const profileDir = process.env.BENCH_LOAD_CPU_PROFILE_DIR;
    const nodeOptions = [profileDir ? `--cpu-prof --cpu-prof-dir=${profileDir}` : "", process.env.BENCH_LOAD_NODE_OPTIONS ?? ""]
      .join(" ")
      .trim();
    site = await startBuiltSite({
      SQLITE_PATH: sqlitePath,
      TRUST_PROXY: "1",
      ...(workerCount ? { WEB_CONCURRENCY: workerCount } : {}),
      ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
      ...probeDirs(),
    });
    const workers = workerCount === "1" ? "one process" : `${workerCount ?? availableParallelism()} workers`;
    const html = await (await fetch(`${site.url}/`)).text();
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    if (!stylesheet) throw new Error("no hashed stylesheet on the home page");
    const cookie = await signInLearner(site.url);
    const learners = await classOfLearners(sqlitePath);
    // A session the site did not recognise would measure a visitor's page under the learners' name.
    if (!visibleNames(await (await fetch(`${site.url}/`, { headers: { Cookie: learners[0]! } })).text()).includes("Learner 0")) {
      throw new Error("the class's sessions are not signed in");
    }
    const { lessons, questions } = await javaCourseAndQuiz(sqlitePath);
    // Every answer on the last question's post: the attempt is scored and kept.
    const finishedSheet = new URLSearchParams([
      [CURRENT_FIELD, questions.at(-1)!],
      ...questions.map((id) => [answerField(id), "0"]),
    ]).toString();

    const targets: Target[] = [
      { name: "`/`", url: `${site.url}/`, referenced: true },
      { name: "`/courses/java`", url: `${site.url}/courses/java`, referenced: true },
      { name: "`/test/java`", url: `${site.url}/test/java`, referenced: true },
      { name: "`/`, signed in", url: `${site.url}/`, perConnection: learnerOfConnection(learners) },
      { name: "`/courses/java`, signed in", url: `${site.url}/courses/java`, perConnection: learnerOfConnection(learners) },
      { name: "`/test/java`, signed in", url: `${site.url}/test/java`, perConnection: learnerOfConnection(learners) },
      { name: "`/profile`, signed in", url: `${site.url}/profile`, headers: { Cookie: cookie } },
      { name: `hashed asset (\`${stylesheet.split("/").pop()}\`)`, url: `${site.url}${stylesheet}`, referenced: true },
      // The posts as the pages' script sends them (React Router's `.data` addresses: the answer is data, not a page).
      { name: "newsletter post", url: `${site.url}/newsletter.data`, setupRequest: newsletterPosts(site.url) },
      {
        name: "lesson progress post",
        url: `${site.url}/progress`,
        setupRequest: asClass(site.url, learners, (sequence) =>
          new URLSearchParams({ course: "java", lesson: String(1 + (sequence % lessons)), position: String(sequence % 600) }).toString(),
        ),
      },
      { name: "quiz attempt post", url: `${site.url}/test/java.data`, setupRequest: asClass(site.url, learners, () => finishedSheet) },
      {
        name: "newsletter post, refused (429)",
        url: `${site.url}/newsletter.data`,
        setupRequest: newsletterPosts(site.url, { fromOneAddress: true }),
      },
    ];
    // The reference sends each page as the site sent it, once kept (the second request).
    const copies = new Map<string, Copy>();
    for (const target of targets.filter((candidate) => candidate.referenced)) {
      await copyOf(target.url);
      copies.set(new URL(target.url).pathname, await copyOf(target.url));
    }
    reference = await startReference(copies, dir);
    const referenceUrl = reference.url;

    // First, on a site that has served nothing else yet: a lesson no one had opened (its page not
    // kept), then the same lesson again.
    const only = process.env.BENCH_LOAD_ONLY;
    const bursts = only
      ? []
      : [
          await burst(
            site.url,
            "/courses/java?lesson=5",
            learners,
            "the whole class opens lesson 5 of `/courses/java` at once, on a site just started",
          ),
          await burst(site.url, "/courses/java?lesson=5", learners, "the same, a second time"),
        ];
    for (const row of bursts)
      console.log(`${row.what}: p50 ${row.p50} ms, p99 ${row.p99} ms, slowest ${row.slowest} ms, ${row.failed} failed`);
    const idle = memoryMb(site.pid);
    const rows: Measured[] = [];
    // BENCH_LOAD_ONLY=signed (parts of the rows' names, "|" between): those rows alone, and docs/performance.md left as it is.
    for (const connections of connectionCounts) {
      for (const target of targets.filter((candidate) => !only || only.split("|").some((part) => candidate.name.includes(part)))) {
        const referenceRun = target.referenced
          ? await measure({ name: "reference", url: referenceUrl + new URL(target.url).pathname }, connections, undefined)
          : undefined;
        const row = { ...(await measure(target, connections, site.pid)), referenceRequestsPerSecond: referenceRun?.requestsPerSecond };
        rows.push(row);
        console.log(
          `${String(connections).padStart(3)} connections  ${target.name.padEnd(40)} ${String(row.requestsPerSecond).padStart(6)} req/s${referenceRun ? ` (the same bytes from node:http: ${referenceRun.requestsPerSecond})` : ""}  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}${row.errorKinds ? ` (${row.errorKinds})` : ""}  non-2xx ${row.non2xx}  CPU ${row.cpuMicrosecondsPerRequest} µs/request  peak RSS ${row.peakRssMb} MB (largest worker ${row.peakWorkerRssMb} MB, PSS ${row.peakWorkerPssMb} MB)`,
        );
      }
    }
    const markdown = [
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:load\` (${seconds} s a run, autocannon on the same ${availableParallelism()}-core machine, SQLite, ${workers}). The server's memory at rest: ${Math.round(idle.total)} MB in all, ${Math.round(idle.largestWorker)} MB in its largest process (RSS; its PSS, with the pages it shares with the site's other processes counted once among them: ${Math.round(idle.largestWorkerPss)} MB). The refused posts come from one address past its limit; every other row answers 2xx. Each anonymous page and the asset was asked of the reference just before the site: a bare node:http server sending the bytes the site sent for it (brotli).`,
      "",
      table(rows),
      "",
      `The lecture hall: each of the class's ${classSize} learners asks once, all at the same moment, each on a connection of their own.`,
      "",
      "| what | requests | p50 ms | p99 ms | slowest ms | failed |",
      "|---|---|---|---|---|---|",
      ...bursts.map((row) => `| ${row.what} | ${row.count} | ${row.p50} | ${row.p99} | ${row.slowest} | ${row.failed} |`),
    ].join("\n");
    if (only) console.log(`\n${markdown}`);
    else {
      writeToDocs(markdown);
      console.log(`\n${markdown}\n\nWritten to docs/performance.md.`);
    }
  } finally {
    await site?.stop();
    reference?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

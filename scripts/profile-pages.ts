// Where a request's time goes: the built site in one process under V8's sampling profiler, asked
// one kind of request by a crowd for a few seconds, then where its time went
// (scripts/summarize-cpu-profile.ts). One profile per target, each from a fresh start; the
// .cpuprofile files stay in the printed folder (Chrome's DevTools opens them).
// `npm run bench:profile`, or with names: `npm run bench:profile -- course-signed-in newsletter-post`.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "./lean-autocannon.ts";
import { databaseWithLearner, signInLearner } from "./bench-learner.ts";
import { startBuiltSite } from "#tests/setup/built-site.ts";
import { summarize, type Profile } from "./summarize-cpu-profile.ts";

const seconds = Number(process.env.BENCH_PROFILE_SECONDS ?? 8);

interface Target {
  name: string;
  path: string;
  /** Each request's own address instead of `path`, by its number. */
  pathOf?: (sequence: number) => string;
  signedIn?: boolean;
  post?: (sequence: number) => { body: string; headers: Record<string, string> };
}

const targets: Target[] = [
  { name: "home-signed-out", path: "/" },
  { name: "home-signed-in", path: "/", signedIn: true },
  { name: "course-signed-in", path: "/courses/java", signedIn: true },
  { name: "quiz-signed-in", path: "/test/java", signedIn: true },
  // Each request an address no page was kept at (a lesson and a query of its own): the kept page
  // made for a signed-in person, as when a class's learners stopped at many different lessons.
  {
    name: "course-kept-signed-in",
    path: "/courses/java",
    pathOf: (sequence) => `/courses/java?lesson=${1 + (sequence % 30)}&visit=${sequence}`,
    signedIn: true,
  },
  {
    name: "newsletter-post",
    path: "/newsletter.data",
    post: (sequence) => ({
      body: new URLSearchParams({ email: `reader-${sequence}@example.com` }).toString(),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`,
      },
    }),
  },
  {
    name: "progress-post",
    path: "/progress",
    signedIn: true,
    post: (sequence) => ({
      body: new URLSearchParams({ course: "java", lesson: String(1 + (sequence % 10)), position: String(sequence % 600) }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  },
];

async function profile(target: Target, root: string) {
  const dir = mkdtempSync(join(root, `${target.name}-`));
  const sqlitePath = join(dir, "app.db");
  await databaseWithLearner(sqlitePath);
  const site = await startBuiltSite({
    SQLITE_PATH: sqlitePath,
    TRUST_PROXY: "1",
    WEB_CONCURRENCY: "1",
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}`,
  });
  try {
    const cookie = target.signedIn ? await signInLearner(site.url) : undefined;
    let sequence = 0;
    const result = await autocannon({
      url: `${site.url}${target.path}`,
      connections: Number(process.env.BENCH_PROFILE_CONNECTIONS ?? 50),
      duration: seconds,
      headers: { "Accept-Encoding": "gzip, br", ...(cookie ? { Cookie: cookie } : {}) },
      requests: [
        {
          setupRequest: (request) => {
            sequence += 1;
            if (target.pathOf) return { ...request, path: target.pathOf(sequence) };
            if (!target.post) return request;
            const { body, headers } = target.post(sequence);
            return { ...request, method: "POST", body, headers: { ...request.headers, ...headers, Origin: site.url } };
          },
        },
      ],
    });
    console.log(
      `\n## ${target.name}: ${Math.round(result.requests.average)} requests/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
    );
  } finally {
    await site.stop();
  }
  const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no profile written in ${dir}`);
  console.log(summarize(JSON.parse(readFileSync(join(dir, file), "utf8")) as Profile));
  console.log(`profile: ${join(dir, file)}`);
}

const wanted = process.argv.slice(2);
const root = mkdtempSync(join(tmpdir(), "profiles-"));
for (const target of targets.filter((candidate) => wanted.length === 0 || wanted.includes(candidate.name))) await profile(target, root);

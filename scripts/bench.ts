// Measures what the foundation issue promises, against the production build:
// the home page's transfer size, its JavaScript as sent (compressed) and layout shift, and
// Lighthouse (mobile) scores. Run `npm run build` first; `npm run bench` does.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium, type Page } from "playwright-core";
import { chromiumArgs, chromiumPath } from "#tests/setup/chromium.ts";
import { startServer } from "#tests/setup/server.ts";
import { databaseWithLearner, signInLearner } from "./bench-learner.ts";
import { benchFeedbackWall } from "./bench-feedback-wall.ts";
import { benchLibraryImport } from "./bench-library-import.ts";
import { benchLibrarySearch } from "./bench-library-search.ts";

// chrome-launcher starts a headed browser unless told otherwise; Playwright adds this itself.
const lighthouseChromiumFlags = ["--headless=new", ...chromiumArgs];
const budgets = { totalKB: 350, scriptGzipKB: 120, cls: 0, performance: 100, lcpMs: 1200, accessibility: 100 };
/** Every page with content of its own (not the forms' confirmations and sign-in steps). */
const contentPages = [
  "/",
  "/about",
  "/courses",
  "/courses/java",
  "/test",
  "/test/java",
  "/library",
  "/feedback",
  "/contact",
  "/help",
  "/team",
  "/testimonial",
];
/** Lighthouse's score moves between runs: each page is measured this many times and the median kept. */
const lighthouseRuns = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Bytes over the wire per the browser's Resource Timing: bodies as sent (compressed), and in all with headers. */
async function pageWeight(page: Page) {
  return page.evaluate(() => {
    const entries = [
      ...performance.getEntriesByType("navigation"),
      ...performance.getEntriesByType("resource"),
    ] as PerformanceResourceTiming[];
    const scripts = entries.filter((e) => e.name.endsWith(".js"));
    return {
      total: entries.reduce((sum, e) => sum + e.transferSize, 0),
      scriptBodies: scripts.reduce((sum, e) => sum + e.encodedBodySize, 0),
    };
  });
}

async function measurePageWeight(url: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const firstView = await pageWeight(page);
  // Scroll through the page so every lazy image loads too.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForLoadState("networkidle");
  const whole = await pageWeight(page);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  await browser.close();
  return { firstView, whole, cls };
}

/** Each page as a visitor sees it, or, with `cookie`, as the signed-in person whose session it is. */
async function lighthouseScores(pages: { url: string; cookie?: string }[]) {
  const userDataDir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: lighthouseChromiumFlags, userDataDir });
  const scores = [];
  try {
    for (const { url, cookie } of pages) {
      const runs = [];
      for (let run = 0; run < lighthouseRuns; run++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
        });
        const { categories, audits } = result!.lhr;
        runs.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
          cls: audits["cumulative-layout-shift"]?.numericValue ?? 0,
        });
      }
      scores.push({
        url: cookie ? `${url} (signed in)` : url,
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        cls: median(runs.map((r) => r.cls)),
      });
    }
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
  return scores;
}

const dataDir = mkdtempSync(join(tmpdir(), "elearning-bench-"));
const sqlitePath = join(dataDir, "app.db");
await databaseWithLearner(sqlitePath);
const server = await startServer({ SQLITE_PATH: sqlitePath });
let failed = false;
try {
  // KB here is 1000 bytes, as browsers' developer tools count.
  const kb = (bytes: number) => Math.round(bytes / 100) / 10;
  const weight = await measurePageWeight(`${server.url}/`);
  console.log("Home page (desktop viewport):");
  for (const [label, w] of [
    ["first view", weight.firstView],
    ["whole page scrolled", weight.whole],
  ] as const) {
    console.log(`  ${label}: ${kb(w.total)} KB transferred in all; JavaScript ${kb(w.scriptBodies)} KB as sent (brotli)`);
  }
  console.log(`  cumulative layout shift: ${weight.cls.toFixed(4)}`);
  failed ||= kb(weight.whole.total) > budgets.totalKB || kb(weight.whole.scriptBodies) > budgets.scriptGzipKB || weight.cls > budgets.cls;

  console.log(`Lighthouse, mobile (simulated slow 4G, 4x CPU slowdown), median of ${lighthouseRuns} runs:`);
  // A learner's course page too: the kept page with their parts filled in (docs/decisions/015-signed-in-pages-from-kept-pages.md).
  const learner = await signInLearner(server.url);
  const pages = [...contentPages.map((p) => ({ url: server.url + p })), { url: `${server.url}/courses/java`, cookie: learner }];
  for (const score of await lighthouseScores(pages)) {
    console.log(
      `  ${score.url.slice(server.url.length).padEnd(13)} performance ${score.performance}, accessibility ${score.accessibility}, LCP ${score.lcpMs} ms, CLS ${score.cls.toFixed(3)}`,
    );
    failed ||= score.performance < budgets.performance || score.accessibility < budgets.accessibility || score.lcpMs > budgets.lcpMs;
  }
  // BENCH_PAGES_ONLY=1: the pages' figures alone, without the data benchmarks (minutes of inserts and searches).
  if (!process.env.BENCH_PAGES_ONLY) {
    // Last: the 100,000 posts it adds would otherwise be part of the pages measured above.
    await benchFeedbackWall(server.url, sqlitePath);
    await benchLibraryImport();
    // On databases of its own (SQLite, and PostgreSQL when DATABASE_URL is set).
    failed = !(await benchLibrarySearch()) || failed;
  }
  console.log(
    `Budgets: ≤ ${budgets.totalKB} KB, ≤ ${budgets.scriptGzipKB} KB JS, CLS ${budgets.cls}, performance ≥ ${budgets.performance} with LCP ≤ ${budgets.lcpMs} ms, accessibility ${budgets.accessibility}: ${failed ? "NOT MET" : "met"}`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;

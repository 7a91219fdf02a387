// Measures what the foundation issue promises, against the production build:
// the home page's transfer size, gzipped JavaScript and layout shift, and
// Lighthouse (mobile) scores. Run `npm run build` first; `npm run bench` does.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { startServer } from "../tests/setup/server.ts";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromiumFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const budgets = { totalKB: 350, scriptGzipKB: 120, cls: 0, performance: 95, accessibility: 100 };

async function measurePageWeight(url: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags.slice(1) });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const types = new Map<string, string>();
  let total = 0;
  let scripts = 0;
  cdp.on("Network.responseReceived", (event) => types.set(event.requestId, event.type));
  cdp.on("Network.loadingFinished", (event) => {
    total += event.encodedDataLength;
    if (types.get(event.requestId) === "Script") scripts += event.encodedDataLength;
  });
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const firstView = { total, scripts };
  // Scroll through the page so every lazy image loads too.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForLoadState("networkidle");
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  await browser.close();
  return { firstView, whole: { total, scripts }, cls };
}

async function lighthouseScores(urls: string[]) {
  const userDataDir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags, userDataDir });
  const scores = [];
  try {
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      const categories = result!.lhr.categories;
      scores.push({
        url,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        lcpMs: Math.round(result!.lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        cls: result!.lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0,
      });
    }
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
  return scores;
}

const dataDir = mkdtempSync(join(tmpdir(), "elearning-bench-"));
const server = await startServer({ SQLITE_PATH: join(dataDir, "app.db") });
let failed = false;
try {
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  const weight = await measurePageWeight(`${server.url}/`);
  console.log("Home page (desktop viewport, compressed transfer):");
  console.log(`  first view: ${kb(weight.firstView.total)} KB in all, ${kb(weight.firstView.scripts)} KB of JavaScript`);
  console.log(`  whole page scrolled: ${kb(weight.whole.total)} KB in all, ${kb(weight.whole.scripts)} KB of JavaScript`);
  console.log(`  cumulative layout shift: ${weight.cls.toFixed(4)}`);
  failed ||= kb(weight.whole.total) > budgets.totalKB || kb(weight.whole.scripts) > budgets.scriptGzipKB || weight.cls > budgets.cls;

  console.log("Lighthouse, mobile (simulated slow 4G, 4x CPU slowdown):");
  for (const score of await lighthouseScores(["/", "/courses", "/about"].map((p) => server.url + p))) {
    console.log(
      `  ${new URL(score.url).pathname.padEnd(9)} performance ${score.performance}, accessibility ${score.accessibility}, LCP ${score.lcpMs} ms, CLS ${score.cls.toFixed(3)}`,
    );
    failed ||= score.performance < budgets.performance || score.accessibility < budgets.accessibility;
  }
  console.log(`Budgets: ≤ ${budgets.totalKB} KB, ≤ ${budgets.scriptGzipKB} KB JS, CLS ${budgets.cls}, performance ≥ ${budgets.performance}, accessibility ${budgets.accessibility}: ${failed ? "NOT MET" : "met"}`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;

import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page, TestType } from "@playwright/test";

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** Rules whose violations count whatever axe rates them: a heading level skipped (h1 to h3) loses screen-reader users' outline. */
const alwaysCounted = new Set(["heading-order"]);

/** Serious and critical accessibility violations, with where they are; `tags` null runs axe's whole default rule set. */
export async function seriousViolations(page: Page, tags: string[] | null = wcagTags) {
  const axe = new AxeBuilder({ page });
  const results = await (tags ? axe.withTags(tags) : axe).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || alwaysCounted.has(v.id))
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Content Security Policy violations the page, or any page of the context, reports from now on. */
export function cspViolations(pages: Page | BrowserContext) {
  const seen: string[] = [];
  pages.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/**
 * Each test of the file comes from a client address of its own (the e2e server trusts
 * X-Forwarded-For), so per-address limits of one test never hold back another.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any test type, with or without fixtures
export function ownClientAddressPerTest(test: TestType<any, any>) {
  let address = 0;
  test.beforeEach(({ page }: { page: Page }, testInfo) => {
    address += 1;
    return page.setExtraHTTPHeaders({ "X-Forwarded-For": `192.0.2.${(testInfo.workerIndex * 50 + address) % 250}` });
  });
}

import { expect, test as base, type Browser, type BrowserContextOptions } from "@playwright/test";
import { cspViolations } from "./page-checks.ts";

/** Violations of the running test's browser contexts (a worker runs one test at a time). */
const violationsOfThisTest: string[][] = [];

/**
 * Playwright's test, failing when a page of the test's browser contexts breaks the Content
 * Security Policy: a refused style or script is a page that looks or works wrong for visitors.
 */
export const test = base.extend<{ withinContentSecurityPolicy: void }>({
  withinContentSecurityPolicy: [
    async ({ context }, use) => {
      violationsOfThisTest.length = 0;
      violationsOfThisTest.push(cspViolations(context));
      await use();
      expect(violationsOfThisTest.flat(), "Content Security Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

/** A browser context of the test's own, whose pages the test checks as it checks its `page`'s. */
export async function newContext(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  violationsOfThisTest.push(cspViolations(context));
  return context;
}

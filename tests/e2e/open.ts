import type { ConsoleMessage, Page, Request, Response } from "@playwright/test";

/** Goes to a page and waits until React has hydrated it, so clicks and keys reach its handlers. */
export async function open(page: Page, path: string) {
  return hydratedAfter(page, () => page.goto(path));
}

/** Reloads the page and waits until React has hydrated it again. */
export async function reload(page: Page) {
  await hydratedAfter(page, () => page.reload());
}

// Longer than any page took on a loaded CI machine, shorter than a test's timeout: a page that
// never hydrates fails with what the browser saw instead of a bare timeout.
const hydrationWaitMs = 60_000;

async function hydratedAfter(page: Page, navigate: () => Promise<Response | null>) {
  const seen = browserTrouble(page);
  try {
    const response = await navigate();
    try {
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: hydrationWaitMs });
    } catch (error) {
      const what = `${page.url()} did not hydrate within ${hydrationWaitMs / 1000} s.`;
      throw new Error(`${what} ${await whatThePageIs(page, response)}${seen.report()}`, { cause: error });
    }
    return response;
  } finally {
    seen.stop();
  }
}

/** What the browser reported while a page loaded: errors, requests that failed or were refused. */
function browserTrouble(page: Page) {
  const lines: string[] = [];
  const onPageError = (error: Error) => lines.push(`page error: ${error.message}`);
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === "error") lines.push(`console error: ${message.text()}`);
  };
  const onRequestFailed = (request: Request) =>
    lines.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? "no reason given"})`);
  const onResponse = (response: Response) => {
    if (response.status() >= 400) lines.push(`answered ${response.status()}: ${response.url()}`);
  };
  page.on("pageerror", onPageError);
  page.on("console", onConsole);
  page.on("requestfailed", onRequestFailed);
  page.on("response", onResponse);
  return {
    report: () => (lines.length ? ` The browser saw:\n  ${lines.join("\n  ")}` : " The browser reported no error or failed request."),
    stop() {
      page.off("pageerror", onPageError);
      page.off("console", onConsole);
      page.off("requestfailed", onRequestFailed);
      page.off("response", onResponse);
    },
  };
}

async function whatThePageIs(page: Page, response: Response | null) {
  const state = await page
    .evaluate(() => ({
      readyState: document.readyState,
      title: document.title,
      reactRouterPage: "__reactRouterContext" in window,
      text: (document.body?.innerText ?? "").replace(/\s+/g, " ").slice(0, 300),
    }))
    .catch((error: unknown) => ({ unreadable: String(error) }));
  return `Its answer: ${response ? `${response.status()} for ${response.url()}` : "none (same document)"}; the page now: ${JSON.stringify(state)}.`;
}

import type { Page } from "@playwright/test";

/** Goes to a page and waits until React has hydrated it, so clicks and keys reach its handlers. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

/** Reloads the page and waits until React has hydrated it again. */
export async function reload(page: Page) {
  await page.reload();
  await hydrated(page);
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

import type { Page } from "@playwright/test";

/** Goes to a page and waits until React has hydrated it, so clicks and keys reach its handlers. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

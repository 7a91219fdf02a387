import { expect } from "@playwright/test";
import { test } from "./test.ts";
import { open } from "./open.ts";

test("the Pages dropdown opens, is walked and closes by keyboard", async ({ page }) => {
  await open(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const summary = nav.locator("summary", { hasText: "Pages" });
  await summary.focus();
  await page.keyboard.press("Enter");
  const team = nav.getByRole("link", { name: "Our Team" }).first();
  const library = nav.getByRole("link", { name: "E-Library" });
  await expect(library).toBeVisible();
  for (const name of ["All pages", "Test Your Knowledge", "Feedback", "404 Page"]) {
    await expect(nav.getByRole("link", { name, exact: true }).first()).toBeVisible();
  }
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "All pages" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(library).toBeHidden();
  await expect(summary).toBeFocused();

  await page.keyboard.press("Space");
  await expect(library).toBeVisible();
  await library.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole("heading", { level: 1, name: "E-Library" })).toBeVisible();
  await expect(library).toBeHidden();
  await expect(team).toBeVisible();
});

test("the dropdown closes when focus or a click goes elsewhere", async ({ page }) => {
  await open(page, "/about");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.locator("summary", { hasText: "Pages" }).click();
  await expect(nav.getByRole("link", { name: "E-Library" })).toBeVisible();
  await page.getByRole("heading", { name: "Courses Categories" }).click();
  await expect(nav.getByRole("link", { name: "E-Library" })).toBeHidden();
});

test("the brand leads home and Join Now leads to sign-in", async ({ page }) => {
  await open(page, "/team");
  await page.getByRole("link", { name: "eLEARNING" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("link", { name: "Join Now" }).first().click();
  // Join Now starts sign-in: the provider's login page, which will return to this page.
  await expect(page).toHaveURL(/\/signin\/interaction\/[\w-]+$/);
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
});

test("on a phone the menu opens by keyboard and lists every page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/");
  const menu = page.locator("summary", { hasText: "Menu" });
  await menu.focus();
  await page.keyboard.press("Enter");
  for (const name of ["Home", "About", "Courses", "Contact", "E-Library", "Test Your Knowledge"]) {
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).last()).toBeVisible();
  }
  await page.keyboard.press("Escape");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "E-Library" }).last()).toBeHidden();
  await expect(menu).toBeFocused();
});

test("an unknown address shows the 404 screen with a way home", async ({ page }) => {
  const response = await open(page, "/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go Back To Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the bar's, footer's and breadcrumb's links move within the page, and mark the page they lead to", async ({ page, context }) => {
  await open(page, "/about");
  // A value of this document: still there after a move within the page, gone after a new document.
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  const stayed = () => page.evaluate(() => (window as { stayed?: boolean }).stayed === true);
  const nav = page.getByRole("navigation", { name: "Main" });

  await nav.getByRole("link", { name: "Courses", exact: true }).first().click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole("heading", { level: 1, name: "Courses" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Courses", exact: true }).first()).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "About", exact: true }).first()).not.toHaveAttribute("aria-current");
  // The home link is marked on the home page only.
  await expect(nav.getByRole("link", { name: "Home", exact: true }).first()).not.toHaveAttribute("aria-current");
  expect(await stayed()).toBe(true);

  await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Pages" }).click();
  await expect(page).toHaveURL(/\/pages$/);
  const allPages = nav.getByRole("link", { name: "All pages", includeHidden: true });
  await expect(allPages).toHaveAttribute("aria-current", "page");
  expect(await stayed()).toBe(true);

  // With a modifier key the browser opens it in a new tab, and this page stays where it was.
  const opened = context.waitForEvent("page");
  await nav
    .getByRole("link", { name: "Courses", exact: true })
    .first()
    .click({ modifiers: ["ControlOrMeta"] });
  await (await opened).close();
  await expect(page).toHaveURL(/\/pages$/);
  expect(await stayed()).toBe(true);
});

test("the list of pages is not marked below its own address", async ({ page }) => {
  await open(page, "/pages/no-such-page");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "All pages", includeHidden: true })).not.toHaveAttribute("aria-current");
  await expect(nav.getByRole("link", { name: "Home", exact: true }).first()).not.toHaveAttribute("aria-current");
});

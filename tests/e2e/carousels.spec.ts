import { expect } from "@playwright/test";
import { test } from "./test.ts";
import { open } from "./open.ts";

const slide = (page: import("@playwright/test").Page, carousel: string, n: number) =>
  page.getByRole("region", { name: carousel }).locator(`[aria-roledescription="slide"]`).nth(n);

test("the hero carousel moves by keyboard", async ({ page }) => {
  await open(page, "/");
  const hero = page.getByRole("region", { name: "Welcome" });
  await expect(slide(page, "Welcome", 0)).toBeVisible();
  await hero.getByRole("button", { name: "Next slide" }).focus();
  await page.keyboard.press("Enter");
  await expect(slide(page, "Welcome", 1)).toBeVisible();
  await expect(slide(page, "Welcome", 0)).toBeHidden();
  await expect(slide(page, "Welcome", 1).getByRole("link", { name: "Enroll Now" })).toHaveAttribute("href", "/courses");
  await hero.getByRole("button", { name: "Previous slide" }).focus();
  await page.keyboard.press("Space");
  await expect(slide(page, "Welcome", 0)).toBeVisible();
  await hero.getByRole("button", { name: /^Slide 2:/ }).focus();
  await page.keyboard.press("Enter");
  await expect(slide(page, "Welcome", 1)).toBeVisible();
});

test("the testimonials advance by themselves, but not while focused or after Stop", async ({ page }) => {
  await page.clock.install();
  await open(page, "/testimonial");
  const carousel = page.getByRole("region", { name: "Student testimonials" });
  await expect(slide(page, "Student testimonials", 0)).toBeVisible();
  await page.clock.runFor(6500);
  await expect(slide(page, "Student testimonials", 1)).toBeVisible();

  // Focus inside pauses it.
  await carousel.getByRole("button", { name: "Next slide" }).focus();
  await page.keyboard.press("Enter");
  await expect(slide(page, "Student testimonials", 2)).toBeVisible();
  await page.clock.runFor(20_000);
  await expect(slide(page, "Student testimonials", 2)).toBeVisible();

  // Stop keeps it still after focus leaves.
  await carousel.getByRole("button", { name: "Stop automatic slide show" }).click();
  await page.getByRole("heading", { level: 1 }).click();
  await page.clock.runFor(20_000);
  await expect(slide(page, "Student testimonials", 2)).toBeVisible();
  await expect(carousel.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("the carousels stay still unless the visitor starts them", async ({ page }) => {
    await page.clock.install();
    await open(page, "/");
    await page.clock.runFor(30_000);
    await expect(slide(page, "Welcome", 0)).toBeVisible();
    const hero = page.getByRole("region", { name: "Welcome" });
    // Pressing Start rotates at once, though focus and pointer are still on the carousel.
    await hero.getByRole("button", { name: "Start automatic slide show" }).click();
    await page.clock.runFor(6500);
    await expect(slide(page, "Welcome", 1)).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the first slide of each carousel is readable", async ({ page }) => {
    await page.goto("/");
    await expect(slide(page, "Welcome", 0).getByRole("heading", { level: 2 })).toBeVisible();
    await expect(slide(page, "Welcome", 0).getByRole("link", { name: "Enroll Now" })).toBeVisible();
    await expect(slide(page, "Welcome", 1)).toBeHidden();
    await expect(slide(page, "Student testimonials", 0).locator("blockquote")).toBeVisible();
    // Buttons that could not work without JavaScript are not offered.
    await expect(page.getByRole("button", { name: "Next slide" })).toHaveCount(0);
  });
});

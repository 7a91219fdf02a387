import { expect } from "@playwright/test";
import { test } from "./test.ts";
import { open } from "./open.ts";
import { register } from "./register.ts";
import { seriousViolations } from "./page-checks.ts";

// Measured at rest: mid-animation (cards fading in) colours are not what people read.
test.use({ reducedMotion: "reduce" });

const routes = [
  "/",
  "/about",
  "/courses",
  "/courses/mern",
  "/courses/fullstack",
  "/cources/programming",
  "/team",
  "/testimonial",
  "/contact",
  "/register",
  "/test",
  "/test/java",
  "/courses/java",
  "/library",
  "/feedback",
  "/profile",
  "/signin",
  "/signed-out",
  "/pages",
  "/newsletter",
  "/error",
  "/no-such-page",
  "/courses/java?lesson=2",
];

for (const route of routes) {
  test(`${route} has no serious or critical accessibility violation`, async ({ page }) => {
    await open(page, route);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("a signed-in learner's quiz result, review, course page and progress have no serious violation", async ({ page }) => {
  // A whole journey (registration, ten questions, four pages checked): near 30 s on a loaded 2-core machine.
  test.slow();
  await register(page, `axe-${Date.now()}@example.com`);
  await open(page, "/test/react");
  for (let question = 1; question < 10; question++) await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Well done!" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Review your answers" }).click();
  await expect(page.getByRole("list", { name: "Your answers" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await open(page, "/courses/java");
  await page.getByRole("button", { name: "Mark as finished" }).click();
  await expect(page.getByText("You have finished this lesson.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await open(page, "/profile");
  expect(await seriousViolations(page)).toEqual([]);
});

test("the mobile layout has no serious or critical accessibility violation", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/");
  await page.locator("summary", { hasText: "Menu" }).click();
  expect(await seriousViolations(page, null)).toEqual([]);
});

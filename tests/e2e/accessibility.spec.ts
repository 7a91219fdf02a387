import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { open } from "./open.ts";

// Measured at rest: mid-animation (cards fading in) colours are not what people read.
test.use({ reducedMotion: "reduce" });

const routes = [
  "/", "/about", "/courses", "/courses/mern", "/courses/fullstack", "/cources/programming", "/team", "/testimonial",
  "/contact", "/register", "/test", "/test/java", "/courses/java", "/library", "/feedback", "/profile", "/signin",
  "/pages", "/newsletter", "/error", "/no-such-page",
];

for (const route of routes) {
  test(`${route} has no serious or critical accessibility violation`, async ({ page }) => {
    await open(page, route);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    expect(serious).toEqual([]);
  });
}

test("the mobile layout has no serious or critical accessibility violation", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/");
  await page.locator("summary", { hasText: "Menu" }).click();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});

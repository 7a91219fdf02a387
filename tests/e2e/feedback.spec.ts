import { expect, type Page } from "@playwright/test";
import { test } from "./test.ts";
import { open } from "./open.ts";
import { ownClientAddressPerTest, seriousViolations } from "./page-checks.ts";

// The wall allows five posts per address in ten minutes; each test posts from an address of its own.
ownClientAddressPerTest(test);
test.use({ reducedMotion: "reduce" });

const form = (page: Page) => page.getByRole("main").locator("form").first();
const card = (page: Page, name: string) => page.getByRole("article", { name });

test("a post with a rating chosen by keyboard appears on the wall, and the form starts afresh", async ({ page }) => {
  const name = `Keyboard Learner ${Date.now()}`;
  await open(page, "/feedback");
  await form(page).getByLabel("Name").fill(name);
  await form(page).getByLabel("Comment").fill("Arrow keys pick the stars.");
  // Tab from the last text field lands on the chosen star (2 by default); arrows move the choice.
  await form(page).getByLabel("Image Url").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: "2 stars" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "4 stars" })).toBeChecked();
  // Visible focus: the star's label draws an outline around the focused radio.
  const outline = await page
    .locator("label", { has: page.getByRole("radio", { name: "4 stars" }) })
    .evaluate((label) => getComputedStyle(label).outlineStyle);
  expect(outline).not.toBe("none");
  await page.keyboard.press("Enter");

  await expect(page.getByRole("status").filter({ hasText: "Thank you! Your feedback is on the wall." })).toBeVisible();
  await expect(card(page, name)).toContainText("Arrow keys pick the stars.");
  await expect(card(page, name)).toContainText("Rated 4 out of 5");
  await expect(form(page).getByLabel("Comment")).toHaveValue("");
  await expect(page.getByRole("radio", { name: "2 stars" })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a refused post shows its errors in place and keeps what was typed", async ({ page }) => {
  await open(page, "/feedback");
  await form(page).getByLabel("Name").fill("Kept Name");
  await form(page).getByLabel("Image Url").fill("javascript:alert(1)");
  await form(page).getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Please correct the fields marked above." })).toBeVisible();
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(form(page).getByLabel("Comment")).toHaveAttribute("aria-invalid", "true");
  await expect(form(page).getByText("Please enter your comment.")).toBeVisible();
  await expect(form(page).getByText("The image address must start with https:// or http://", { exact: false })).toBeVisible();
  await expect(form(page).getByLabel("Name")).toHaveValue("Kept Name");
  expect(await seriousViolations(page)).toEqual([]);
});

test("after a refused post, the corrected post clears the errors with the form, so nobody posts twice", async ({ page }) => {
  const name = `Ravi (walkthrough) ${Date.now()}`;
  await open(page, "/feedback");
  await form(page).getByRole("button", { name: "Submit" }).click();
  await expect(form(page).getByText("Please enter your comment.")).toBeVisible();
  await form(page).getByLabel("Name").fill(name);
  await form(page).getByLabel("Comment").fill("Second time lucky.");
  await form(page).getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you! Your feedback is on the wall." })).toBeVisible();
  await expect(card(page, name)).toContainText("Second time lucky.");
  await expect(form(page).getByText("Please enter your comment.")).toHaveCount(0);
  await expect(form(page).locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(form(page).getByLabel("Comment")).toHaveValue("");
  // The initials of a name with a bracket are its words' first letters.
  await expect(card(page, name)).toContainText("RW");
});

test("a picture that fails to load gives way to the initials; the author deletes their post after a confirmation", async ({ page }) => {
  const name = `Broken Picture ${Date.now()}`;
  await open(page, "/feedback");
  await form(page).getByLabel("Name").fill(name);
  await form(page).getByLabel("Comment").fill("My picture is gone.");
  // Nothing listens on port 9: the picture cannot load.
  await form(page).getByLabel("Image Url").fill("http://127.0.0.1:9/me.png");
  await form(page).getByRole("button", { name: "Submit" }).click();
  const posted = card(page, name);
  await expect(posted.getByText("BP", { exact: true })).toBeVisible();
  await expect(posted.locator("img")).toHaveCount(0);

  await posted.getByRole("link", { name: `Delete the feedback of ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Delete this feedback?" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The feedback was deleted." })).toBeVisible();
  await expect(card(page, name)).toHaveCount(0);
});

test("the form's own page, with errors, has no serious accessibility violation", async ({ page }) => {
  await open(page, "/feedback/new");
  await form(page).getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Please enter your comment.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("an empty page of the wall has no serious accessibility violation", async ({ page }) => {
  await open(page, "/feedback?before=000000000000000000000000");
  await expect(page.getByText("There is no older feedback.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posting goes back to the wall; a refused post shows the errors with the typed values", async ({ page }) => {
    const name = `No Script ${Date.now()}`;
    await page.goto("/feedback");
    await expect(page.getByRole("radio", { name: "2 stars" })).toBeChecked();
    await form(page).getByLabel("Name").fill(name);
    await form(page).getByLabel("Comment").fill("Works without scripts.");
    // People click the star (the radio itself is visually hidden).
    await page.locator("label", { has: page.getByRole("radio", { name: "5 stars" }) }).click();
    await expect(page.getByRole("radio", { name: "5 stars" })).toBeChecked();
    await form(page).getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/feedback\?posted=[0-9a-f]{24}$/);
    await expect(card(page, name)).toContainText("Rated 5 out of 5");

    await form(page).getByLabel("Name").fill("   ");
    await form(page).getByLabel("Comment").fill("Still here");
    await form(page).getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/feedback\/new$/);
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    await expect(page.getByLabel("Comment")).toHaveValue("Still here");
  });
});

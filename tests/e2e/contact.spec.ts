import { expect, type Page } from "@playwright/test";
import { test } from "./test.ts";
import { open } from "./open.ts";
import { seriousViolations } from "./page-checks.ts";

// Measured at rest: mid-animation colours are not what people read.
test.use({ reducedMotion: "reduce" });

const form = (page: Page) => page.getByRole("region", { name: "Send a Message" });
const captchaState = (page: Page) => page.locator("#captcha-state");
const robotBox = (page: Page) => form(page).getByRole("checkbox", { name: "I'm not a robot" });
/** Where a person clicks to tick the box (the widget draws its tick over the box itself). */
const robotLabel = (page: Page) => form(page).getByText("I'm not a robot", { exact: true });

async function fill(page: Page, fields: { name?: string; email?: string; phone?: string; message?: string }) {
  const labels = { name: "Your Name", email: "Your Email", phone: "Your Phone", message: "Message" } as const;
  for (const [field, value] of Object.entries(fields))
    await form(page)
      .getByLabel(labels[field as keyof typeof labels])
      .fill(value);
}

/** Ticks the widget's box and waits until it has solved its challenge. */
async function passCaptcha(page: Page) {
  await expect(captchaState(page)).toHaveText("Tick the box to show you are a person.");
  await robotLabel(page).click();
  await expect(captchaState(page)).toHaveText("Verified");
}

test("with JavaScript: solve the check, send, see 'Sending....' and then success in place, with the form cleared", async ({ page }) => {
  await open(page, "/contact");
  await page.evaluate(() => ((window as unknown as { stayedOnPage: boolean }).stayedOnPage = true));
  await fill(page, {
    name: "Meena Raman",
    email: "meena.r@example.com",
    phone: "+91 98400 12345",
    message: "When does the next Java batch start?",
  });
  await passCaptcha(page);

  // The post waits until the test has seen the status while sending.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/contact\.data/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await form(page).getByRole("button", { name: "Send Message" }).click();
  const status = form(page).getByRole("status");
  await expect(status).toHaveText("Sending....");
  release();
  await expect(status).toHaveText("Form Submitted Successfully");

  await expect(page).toHaveURL(/\/contact\?sent=1$/);
  expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
  for (const label of ["Your Name", "Your Email", "Your Phone", "Message"]) await expect(form(page).getByLabel(label)).toHaveValue("");
  // A new message needs a new check.
  await expect(captchaState(page)).toHaveText("Tick the box to show you are a person.");
});

test("a refused field is marked beside it, keeps what was typed, and the solved check still counts after fixing it", async ({ page }) => {
  await open(page, "/contact");
  await fill(page, { name: "Arun Kumar", email: "arun@example.com", phone: "98400 CALL ME" });
  await passCaptcha(page);
  await form(page).getByRole("button", { name: "Send Message" }).click();

  const phone = form(page).getByLabel("Your Phone");
  await expect(form(page).getByRole("status")).toHaveText("Please correct the fields marked below: Your Phone.");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/Please enter your phone number in digits, with an optional \+ in front/);
  await expect(phone).toBeFocused();
  await expect(phone).toHaveValue("98400 CALL ME");
  await expect(form(page).getByLabel("Your Name")).toHaveValue("Arun Kumar");
  await expect(captchaState(page)).toHaveText("Verified");

  await phone.fill("98400 12345");
  await form(page).getByRole("button", { name: "Send Message" }).click();
  await expect(form(page).getByRole("status")).toHaveText("Form Submitted Successfully");
});

test("the check works by keyboard: Tab to its box, Space", async ({ page }) => {
  await open(page, "/contact");
  await expect(captchaState(page)).toHaveText("Tick the box to show you are a person.");
  await form(page).getByLabel("Message").focus();
  await page.keyboard.press("Tab");
  await expect(robotBox(page)).toBeFocused();
  // Focus is visible on the box.
  expect(await robotBox(page).evaluate((box) => getComputedStyle(box).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Space");
  await expect(captchaState(page)).toHaveText("Verified");
});

test("an expired check says so and can be done again", async ({ page }) => {
  await page.clock.install();
  await open(page, "/contact");
  await passCaptcha(page);
  await page.clock.fastForward("10:30");
  await expect(captchaState(page)).toHaveText("The check expired, please try again");
  await robotLabel(page).click();
  await expect(captchaState(page)).toHaveText("Verified");
});

test("loading a challenge is tried three times in all, then a load error offers the phone and email", async ({ page }) => {
  let attempts = 0;
  await page.route("**/contact/captcha-challenge", (route) => {
    attempts += 1;
    return route.abort("connectionfailed");
  });
  await open(page, "/contact");
  await robotLabel(page).click();
  await expect(captchaState(page)).toHaveText("The captcha could not be loaded. Please try again later, or phone or email us.");
  expect(attempts).toBe(3);
});

test("loading the widget is tried three times in all, then the same load error", async ({ page }) => {
  let attempts = 0;
  await page.route(/\/assets\/altcha-element-[\w-]+\.js$/, (route) => {
    attempts += 1;
    return route.abort("connectionfailed");
  });
  await open(page, "/contact");
  await expect(captchaState(page)).toHaveText("The captcha could not be loaded. Please try again later, or phone or email us.");
  // Three imports; the first may also have sent Vite's modulepreload hint for the same file.
  expect(attempts).toBeGreaterThanOrEqual(3);
  expect(attempts).toBeLessThanOrEqual(4);
});

test("the widget leaves with the page, and only the contact page loads it", async ({ page }) => {
  const loaded: string[] = [];
  page.on("request", (request) => loaded.push(new URL(request.url()).pathname));
  await open(page, "/");
  expect(loaded.filter((path) => /altcha|contact|\/sha-/.test(path))).toEqual([]);

  await page.getByRole("banner").getByRole("link", { name: "Contact" }).click();
  await expect(captchaState(page)).toHaveText("Tick the box to show you are a person.");
  expect(loaded.some((path) => /\/assets\/altcha-element-/.test(path))).toBe(true);
  await expect(page.locator("altcha-widget")).toHaveCount(1);

  await page.getByRole("banner").getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("altcha-widget")).toHaveCount(0);
});

test("no serious accessibility violation at rest, with errors, verified and after sending", async ({ page }) => {
  await open(page, "/contact");
  await expect(captchaState(page)).toHaveText("Tick the box to show you are a person.");
  expect(await seriousViolations(page)).toEqual([]);

  await form(page).getByRole("button", { name: "Send Message" }).click();
  await expect(form(page).getByLabel("Your Name")).toHaveAttribute("aria-invalid", "true");
  expect(await seriousViolations(page)).toEqual([]);

  await fill(page, { name: "Divya S", email: "divya@example.com", phone: "9840012345" });
  await passCaptcha(page);
  expect(await seriousViolations(page)).toEqual([]);

  await form(page).getByRole("button", { name: "Send Message" }).click();
  await expect(form(page).getByRole("status")).toHaveText("Form Submitted Successfully");
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page offers the phone and email instead of the check, and a post keeps what was typed", async ({ page }) => {
    await page.goto("/contact");
    // Playwright's text and role queries skip <noscript>; a CSS query reaches what the browser shows.
    const note = form(page).locator("noscript p");
    await expect(note).toBeVisible();
    await expect(note).toContainText("This check needs JavaScript, which is off in your browser.");
    await expect(note.locator('a[href="tel:+914420000000"]')).toBeVisible();
    await expect(note.locator('a[href="mailto:office@college.example"]')).toBeVisible();

    await fill(page, { name: "Karthik", email: "karthik@example.com", phone: "044 2000 0000", message: "Is there a weekend batch?" });
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(form(page).getByRole("status")).toHaveText("Please complete the captcha check.");
    await expect(form(page).getByLabel("Your Name")).toHaveValue("Karthik");
    await expect(form(page).getByLabel("Your Phone")).toHaveValue("044 2000 0000");
    await expect(form(page).getByLabel("Message")).toHaveValue("Is there a weekend batch?");
  });
});

import { expect } from "@playwright/test";
import { test } from "./test.ts";
import { open } from "./open.ts";

test("signing up from the footer answers in place, once per address", async ({ page }) => {
  await open(page, "/courses");
  const footer = page.getByRole("contentinfo");
  const email = footer.getByLabel("Your email");
  const status = footer.getByRole("status");
  const address = `reader-${Date.now()}@example.com`;

  await email.fill("not an email");
  await footer.getByRole("button", { name: "SignUp" }).click();
  await expect(status).toHaveText("Please enter a valid email address, like name@example.com.");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/courses$/);

  await email.fill(address);
  await email.press("Enter");
  await expect(status).toHaveText("Thank you! This address is on our newsletter list: the next issue will reach it.");
  await expect(email).toHaveValue("");

  await email.fill(address.toUpperCase());
  await footer.getByRole("button", { name: "SignUp" }).click();
  await expect(status).toHaveText("Thank you! This address is on our newsletter list: the next issue will reach it.");
  await expect(page).toHaveURL(/\/courses$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the footer form still signs up, on the newsletter page", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Your email").fill(`nojs-${Date.now()}@example.com`);
    await footer.getByRole("button", { name: "SignUp" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("main").getByRole("status").first()).toHaveText(
      "Thank you! This address is on our newsletter list: the next issue will reach it.",
    );
  });
});

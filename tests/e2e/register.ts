import { expect, type Page } from "@playwright/test";
import { linkInMail } from "./mails.ts";
import { open } from "./open.ts";

export const e2ePassword = "chennai-learner-2026";

/**
 * Fills and sends the register form, opens the link the site mails, types the password again
 * there, and checks the site signed the person in and shows the profile.
 */
export async function register(page: Page, email: string, name = "Kavya Subramanian") {
  const main = page.getByRole("main");
  await open(page, "/register");
  await main.getByLabel("Name").fill(name);
  await main.getByLabel("Phone").fill("+91 98400 12345");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password", { exact: true }).fill(e2ePassword);
  await main.getByLabel("Confirm Password").fill(e2ePassword);
  await main.getByRole("button", { name: "Register" }).click();
  await expect(main.getByRole("status")).toContainText(`Please check the inbox of ${email}: a mail is on its way.`);
  await open(page, await linkInMail(email, "Confirm your account on eLEARNING"));
  await main.getByLabel("Password", { exact: true }).fill(e2ePassword);
  await main.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

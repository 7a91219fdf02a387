import { expect, type Page } from "@playwright/test";
import { newContext, test } from "./test.ts";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { open } from "./open.ts";
import { linkInMail } from "./mails.ts";
import { e2ePassword, register } from "./register.ts";

const password = e2ePassword;

const nav = (page: Page) => page.getByRole("banner");
const main = (page: Page) => page.getByRole("main");

/** The errors the page's console shows from now on (a request answered 400 or more is one). */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** The next time the page reads its data again (React Router's GET of `<path>.data`), as answered. */
const nextDataRead = (page: Page, path: string) =>
  page.waitForResponse((response) => response.request().method() === "GET" && new URL(response.url()).pathname === `${path}.data`);

test("register, see the profile, log out, sign in again with the password", async ({ page }) => {
  const email = `kavya-${Date.now()}@example.com`;
  await register(page, email);
  await expect(nav(page).getByRole("link", { name: "Kavya Subramanian" })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "Join Now" })).toHaveCount(0);
  const details = page.getByRole("region", { name: "Details", exact: true });
  await expect(details).toContainText(email);
  await expect(details).toContainText("+919840012345");
  await expect(details.getByText(/^[0-9a-f-]{36}$/)).toBeVisible(); // the User Id, the subject

  await nav(page).getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/signed-out$/);
  await expect(nav(page).getByRole("link", { name: "Join Now" })).toBeVisible();
  await open(page, "/profile");
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();

  // A wrong password: one generic message, nothing about the account.
  await main(page).getByLabel("Email").fill(email);
  await main(page).getByLabel("Password").fill("not-my-password");
  await main(page).getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The email address or password is not correct.");

  await main(page).getByLabel("Password").fill(password);
  await main(page).getByRole("button", { name: "Sign in" }).click();
  // Back on the page that asked for sign-in.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(nav(page).getByRole("link", { name: "Kavya Subramanian" })).toBeVisible();
});

test("forgot the password: 'Forgot password?' mails a link, the new password works and the old one no longer does", async ({ page }) => {
  // A long journey: registering, two mails, three argon2 hashes and two sign-ins.
  test.setTimeout(90_000);
  const email = `forgetful-${Date.now()}@example.com`;
  await register(page, email);
  await nav(page).getByRole("button", { name: "Log out" }).click();
  await expect(nav(page).getByRole("link", { name: "Join Now" })).toBeVisible();
  await open(page, "/profile");
  await main(page).getByRole("link", { name: "Forgot password?" }).click();
  await main(page).getByLabel("Email").fill(email);
  await main(page).getByRole("button", { name: "Send me a link" }).click();
  await expect(main(page).getByRole("status")).toContainText(`Please check the inbox of ${email}: a mail is on its way.`);

  await open(page, await linkInMail(email, "Choose a new password for eLEARNING"));
  await main(page).getByLabel("New password", { exact: true }).fill("password");
  await main(page).getByLabel("Confirm new password").fill("password");
  await main(page).getByRole("button", { name: "Save my new password" }).click();
  await expect(main(page).getByLabel("New password", { exact: true })).toHaveAccessibleDescription(/easy to guess/);

  const newPassword = "saffron-kite-harbour-31";
  await main(page).getByLabel("New password", { exact: true }).fill(newPassword);
  await main(page).getByLabel("Confirm new password").fill(newPassword);
  // The link is used up now: reading the page's data again must not ask for it.
  const errors = consoleErrors(page);
  const readAgain = nextDataRead(page, "/reset-password");
  await main(page).getByRole("button", { name: "Save my new password" }).click();
  await expect(main(page).getByRole("heading", { name: "Your password is changed" })).toBeVisible();
  expect((await readAgain).status()).toBe(200);
  expect(errors).toEqual([]);
  await main(page).getByRole("link", { name: "Sign in" }).click();

  await main(page).getByLabel("Email").fill(email);
  await main(page).getByLabel("Password").fill(password);
  await main(page).getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The email address or password is not correct.");
  await main(page).getByLabel("Password").fill(newPassword);
  await main(page).getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test("a new address: the link mailed to it moves the account, and the page reads its data again without an error", async ({ page }) => {
  test.setTimeout(90_000);
  const email = `moving-${Date.now()}@example.com`;
  const newEmail = `moved-${Date.now()}@example.com`;
  await register(page, email);
  await main(page).getByRole("link", { name: "Change email address" }).click();
  await main(page).getByLabel("New email address").fill(newEmail);
  await main(page).getByLabel("Your current password").fill(password);
  await main(page).getByRole("button", { name: "Send the link" }).click();
  await expect(main(page).getByRole("status")).toContainText(`Please check the inbox of ${newEmail}: a mail is on its way.`);

  await open(page, await linkInMail(newEmail, "Confirm your new address for eLEARNING"));
  const errors = consoleErrors(page);
  const readAgain = nextDataRead(page, "/profile/email/confirm");
  await main(page).getByRole("button", { name: "Use this address" }).click();
  await expect(main(page).getByRole("status")).toHaveText(`Done: your account now uses ${newEmail}. Sign in with it from now on.`);
  expect((await readAgain).status()).toBe(200);
  // Another form of the page (the footer's newsletter) has the page's data read again too.
  const readOnceMore = nextDataRead(page, "/profile/email/confirm");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Your email").fill(newEmail);
  await footer.getByRole("button", { name: "SignUp" }).click();
  await expect(footer.getByRole("status")).toHaveText("Thank you! This address is on our newsletter list: the next issue will reach it.");
  expect((await readOnceMore).status()).toBe(200);
  await expect(main(page).getByRole("status")).toHaveText(`Done: your account now uses ${newEmail}. Sign in with it from now on.`);
  expect(errors).toEqual([]);

  await open(page, "/profile");
  await expect(page.getByRole("region", { name: "Details", exact: true })).toContainText(newEmail);
});

test("someone registered my address with a password of theirs: the mailed link lets me choose my own", async ({ page }) => {
  test.setTimeout(90_000);
  const email = `chosen-${Date.now()}@example.com`;
  const strangersPassword = "stranger-typed-this-8";
  await open(page, "/register");
  await main(page).getByLabel("Name").fill("Someone Else");
  await main(page).getByLabel("Phone").fill("+91 98400 12345");
  await main(page).getByLabel("Email").fill(email);
  await main(page).getByLabel("Password", { exact: true }).fill(strangersPassword);
  await main(page).getByLabel("Confirm Password").fill(strangersPassword);
  await main(page).getByRole("button", { name: "Register" }).click();
  await expect(main(page).getByRole("status")).toContainText(`Please check the inbox of ${email}: a mail is on its way.`);

  // The address's owner, in a browser of their own, opens the mail.
  await page.context().clearCookies();
  await open(page, await linkInMail(email, "Confirm your account on eLEARNING"));
  await main(page).getByLabel("Password", { exact: true }).fill("my-own-password-7");
  await main(page).getByRole("button", { name: "Create my account" }).click();
  await expect(main(page).getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
    /This is not the password chosen when registering/,
  );
  await main(page).getByRole("link", { name: "Choose a new password" }).click();
  await expect(main(page)).toContainText("Choose its password.");
  await main(page).getByLabel("Password", { exact: true }).fill(password);
  await main(page).getByLabel("Confirm Password").fill(password);
  await main(page).getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await nav(page).getByRole("button", { name: "Log out" }).click();
  await expect(nav(page).getByRole("link", { name: "Join Now" })).toBeVisible();
  await open(page, "/profile");
  await main(page).getByLabel("Email").fill(email);
  await main(page).getByLabel("Password").fill(strangersPassword);
  await main(page).getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The email address or password is not correct.");
  await main(page).getByLabel("Password").fill(password);
  await main(page).getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test("Join Now returns to the page it was pressed on", async ({ page }) => {
  const email = `return-${Date.now()}@example.com`;
  await register(page, email);
  await nav(page).getByRole("button", { name: "Log out" }).click();
  await expect(nav(page).getByRole("link", { name: "Join Now" })).toBeVisible();

  await open(page, "/courses/mern");
  await nav(page).getByRole("link", { name: "Join Now" }).click();
  await main(page).getByLabel("Email").fill(email);
  await main(page).getByLabel("Password").fill(password);
  await main(page).getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/courses\/mern$/);
  await expect(nav(page).getByRole("link", { name: "Kavya Subramanian" })).toBeVisible();
});

test("the register form explains each mistake and keeps what was typed", async ({ page }) => {
  await open(page, "/register");
  await main(page).getByLabel("Name").fill("Arun");
  await main(page).getByLabel("Phone").fill("call me");
  await main(page).getByLabel("Email").fill("arun@example");
  await main(page).getByLabel("Password", { exact: true }).fill("short");
  await main(page).getByLabel("Confirm Password").fill("other");
  await main(page).getByRole("button", { name: "Register" }).click();
  await expect(page.getByText(/phone number in digits/)).toBeVisible();
  await expect(page.getByText("Please enter a valid email address, like name@example.com.")).toBeVisible();
  await expect(page.getByText("Your password needs at least 8 characters.")).toBeVisible();
  await expect(main(page).getByLabel("Name")).toHaveValue("Arun");
  await expect(main(page).getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
});

test("the profile's phone and address can be changed, with validation", async ({ page }) => {
  await register(page, `editor-${Date.now()}@example.com`);
  const form = page.getByRole("region", { name: "Update your contact details" });
  await form.getByLabel("Phone").fill("not a number");
  await form.getByRole("button", { name: "Save details" }).click();
  await expect(form.getByText(/phone number in digits/)).toBeVisible();

  await form.getByLabel("Phone").fill("+91 44 2345 6789");
  await form.getByLabel("Address").fill("4 Lake View Road, Mylapore, Chennai 600004");
  await form.getByRole("button", { name: "Save details" }).click();
  await expect(form.getByRole("status")).toHaveText("Your contact details were saved.");

  await page.reload();
  const details = page.getByRole("region", { name: "Details", exact: true });
  await expect(details).toContainText("+914423456789");
  await expect(details).toContainText("4 Lake View Road, Mylapore, Chennai 600004");
});

test("another site cannot sign a person out of the provider", async ({ page, baseURL }) => {
  await register(page, `forged-signout-${Date.now()}@example.com`);
  // A page elsewhere (another port: same site, other origin) that links to the provider's sign-out.
  const elsewhere = createServer((_req, res) => {
    res.setHeader("Content-Type", "text/html");
    res.end(`<!doctype html><title>Prize</title><a href="${baseURL}/idp/session/end">Claim your prize</a>`);
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
  try {
    await page.goto(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`);
    await page.getByRole("link", { name: "Claim your prize" }).click();
    await expect(page.getByRole("heading", { name: "Sign out?" })).toBeVisible();
    // Nothing submits by itself: the page stays until the person decides.
    await page.waitForTimeout(1000);
    await expect(page.getByRole("heading", { name: "Sign out?" })).toBeVisible();
  } finally {
    elsewhere.close();
  }
  // The provider still knows the person: without the site's own session, signing in needs no password.
  await page.context().clearCookies({ name: "sid" });
  await open(page, "/signin?return_to=/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(nav(page).getByRole("link", { name: "Kavya Subramanian" })).toBeVisible();
});

/**
 * A shared lab computer: after Log out, the next person pressing Join Now meets the password form,
 * not the previous person's account. No confirmation page on the way, with or without JavaScript.
 */
async function logOutAndJoinAgain(page: Page) {
  await nav(page).getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/signed-out$/);
  await expect(main(page).getByRole("heading", { name: "You are signed out" })).toBeVisible();
  await expect(nav(page).getByRole("button", { name: "Log out" })).toHaveCount(0);

  await nav(page).getByRole("link", { name: "Join Now" }).click();
  await expect(page).toHaveURL(/\/signin\/interaction\//);
  await expect(main(page).getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  await expect(main(page).getByLabel("Email")).toBeEmpty();
  await expect(main(page).getByLabel("Password")).toBeVisible();
}

test("Log out ends the provider's session too: Join Now then asks for the email and password", async ({ page }) => {
  await register(page, `lab-${Date.now()}@example.com`);
  await logOutAndJoinAgain(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signing in, Log out and Join Now: the signed-out page, then the email and password form", async ({ page, browser, baseURL }) => {
    const email = `lab-nojs-${Date.now()}@example.com`;
    const registering = await newContext(browser, { baseURL, javaScriptEnabled: true });
    await register(await registering.newPage(), email);
    await registering.close();

    await page.goto("/signin?return_to=/profile");
    await main(page).getByLabel("Email").fill(email);
    await main(page).getByLabel("Password").fill(password);
    await main(page).getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(nav(page).getByRole("link", { name: "Kavya Subramanian" })).toBeVisible();

    await logOutAndJoinAgain(page);
  });
});

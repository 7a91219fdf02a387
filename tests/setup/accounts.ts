import { expect } from "vitest";
import { TestBrowser } from "./http-client.ts";
import { linkIn, loggedMailTo } from "./server.ts";

export const testPassword = "a-long-password-1";
let registered = 0;

/**
 * Registers a new account in a fresh browser, which ends signed in: the register form, then the
 * link of the mail (which a site without SMTP_URL writes to its log). Each browser comes from an
 * address of its own (the site must trust one proxy: TRUST_PROXY=1).
 */
export async function registeredBrowser(siteUrl: string) {
  registered += 1;
  const browser = new TestBrowser(siteUrl, `203.0.113.${registered}`);
  const email = `learner-${registered}-${process.pid}@example.com`;
  await registerIn(browser, email);
  return { browser, email };
}

/** Registers `email` in this browser, which ends signed in (the site writes its mails to the log). */
export async function registerIn(browser: TestBrowser, email: string, name = "Test Learner") {
  const response = await browser.postForm("/register", {
    name,
    phone: "9840012345",
    email,
    password1: testPassword,
    password2: testPassword,
  });
  expect(response.status).toBe(200);
  await confirmRegistrationLink(browser, linkIn(await loggedMailTo(email, { site: browser.origin })));
}

/**
 * Opens a registration link and creates the account with the password chosen when registering,
 * typed again: the browser ends signed in on the profile.
 */
export async function confirmRegistrationLink(browser: TestBrowser, link: URL, password = testPassword) {
  expect((await browser.request(link.pathname + link.search)).status).toBe(200);
  const created = await browser.postForm(link.pathname, { token: link.searchParams.get("token")!, password });
  expect(created.status).toBe(302);
  const { url } = await browser.follow(created, link.pathname);
  expect(url.pathname).toBe("/profile");
}

/** The callback's answer sent the browser back to `returnTo`, signed in: the profile shows `profileTexts`. */
export async function expectSignedInAt(browser: TestBrowser, callback: Response, returnTo: string, profileTexts: string[]) {
  expect(callback.status).toBe(302);
  expect(callback.headers.get("location")).toBe(returnTo);
  const profile = await (await browser.request("/profile")).text();
  for (const text of profileTexts) expect(profile).toContain(text);
}

/** Signs in with the password at the built-in provider, stopping at the callback so the test can look at (or change) it. */
export async function reachCallback(browser: TestBrowser, email: string, returnTo = "/", password = testPassword) {
  const start = await browser.request(`/signin?return_to=${encodeURIComponent(returnTo)}`);
  const atLogin = await browser.follow(start, "/signin");
  expect(atLogin.url.pathname).toMatch(/^\/signin\/interaction\//);
  const posted = await browser.postForm(atLogin.url.pathname, { email, password });
  const { url } = await browser.follow(posted, atLogin.url.pathname, (next) => next.pathname === "/signin/callback");
  expect(url.pathname).toBe("/signin/callback");
  return url;
}

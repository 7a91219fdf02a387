import { expect } from "vitest";
import { TestBrowser } from "./http-client.ts";

export const testPassword = "a-long-password-1";
let registered = 0;

/**
 * Registers a new account in a fresh browser, which ends signed in. Each browser comes
 * from an address of its own (the site must trust one proxy: TRUST_PROXY=1).
 */
export async function registeredBrowser(siteUrl: string) {
  registered += 1;
  const browser = new TestBrowser(siteUrl, `203.0.113.${registered}`);
  const email = `learner-${registered}-${process.pid}@example.com`;
  const response = await browser.postForm("/register", {
    name: "Test Learner",
    phone: "9840012345",
    email,
    password1: testPassword,
    password2: testPassword,
  });
  expect(response.status).toBe(302);
  const { url } = await browser.follow(response, "/register");
  expect(url.pathname).toBe("/profile");
  return { browser, email };
}

/** The callback's answer sent the browser back to `returnTo`, signed in: the profile shows `profileTexts`. */
export async function expectSignedInAt(browser: TestBrowser, callback: Response, returnTo: string, profileTexts: string[]) {
  expect(callback.status).toBe(302);
  expect(callback.headers.get("location")).toBe(returnTo);
  const profile = await (await browser.request("/profile")).text();
  for (const text of profileTexts) expect(profile).toContain(text);
}

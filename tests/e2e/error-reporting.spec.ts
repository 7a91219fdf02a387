import { expect, type Browser, type Page } from "@playwright/test";
import { newContext, test } from "./test.ts";
import { startSentryStandIn } from "../setup/sentry-stand-in.ts";
import { startSite, type RunningSite } from "../setup/server.ts";
import { open } from "./open.ts";
import { register } from "./register.ts";
import { mailCatcherSmtpUrl } from "./ports.ts";

// Two sites of their own, since the log lines are read: one as installed (reports to /errors
// only), one with SENTRY_DSN pointing at a local stand-in for Sentry's ingest.
test.describe.configure({ mode: "serial" });

let sentry: Awaited<ReturnType<typeof startSentryStandIn>>;
let plain: RunningSite;
let withSentry: RunningSite;

test.beforeAll(async () => {
  sentry = await startSentryStandIn();
  [plain, withSentry] = await Promise.all([
    startSite({ SMTP_URL: mailCatcherSmtpUrl }),
    startSite({ SMTP_URL: mailCatcherSmtpUrl, SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: "e2e" }),
  ]);
});
test.afterAll(async () => {
  await Promise.all([plain?.stop(), withSentry?.stop()]);
  await sentry?.close();
});

const emailPattern = /[\w.+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/i;
/** The sign-in comes back with a code in the address; this one stands for it. */
const codeInAddress = "code=not-for-any-log";

/** A person signed in on `site`, on the profile page, which shows their email address. */
async function signedInProfile(browser: Browser, site: RunningSite, email: string) {
  const context = await newContext(browser, { baseURL: site.url });
  const page = await context.newPage();
  await register(page, email);
  await open(page, `/profile?${codeInAddress}`);
  await expect(page.getByRole("region", { name: "Details", exact: true })).toContainText(email);
  const sid = (await context.cookies()).find((cookie) => cookie.name === "sid")!.value;
  return { context, page, sid };
}

/** Two errors nobody catches, whose messages carry the email address shown on the page. */
function throwErrorsWithTheAddressOnThePage(page: Page, { rejection = true } = {}) {
  return page.evaluate((rejection) => {
    const address = /[\w.+-]+@example\.com/.exec(document.querySelector("main")!.textContent!)![0];
    setTimeout(() => {
      throw new Error(`Could not refresh the profile of ${address}`);
    });
    if (rejection) void Promise.reject(new Error(`Lost the session of ${address}`));
  }, rejection);
}

const browserLines = (site: RunningSite) => site.logs.filter((line) => line.source === "browser");

/**
 * Goes to About in the page (a client-side navigation), whose code, as a broken deploy might
 * ship it, throws while rendering: React Router's error boundary shows the error screen.
 */
async function renderBrokenAboutPage(page: Page) {
  await page.route(/\/assets\/about-[\w-]+\.js$/, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `export default function About() { throw new Error("About could not show the courses of meena@example.com"); }`,
    }),
  );
  await page.getByRole("banner").getByRole("link", { name: "About", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
}

test("a browser error reaches /errors and the log as one line each, with no email address, code or cookie; five at most a page load", async ({
  browser,
}) => {
  const email = `errors-${Date.now()}@example.com`;
  const { context, page, sid } = await signedInProfile(browser, plain, email);
  const scripts: string[] = [];
  const reports: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
    if (new URL(request.url()).pathname === "/errors") reports.push(request.postData() ?? "");
  });

  await throwErrorsWithTheAddressOnThePage(page);
  await expect.poll(() => browserLines(plain).length).toBe(2);
  const lines = browserLines(plain);
  expect(lines.map((line) => line.kind).sort()).toEqual(["error", "unhandledrejection"]);
  expect(lines.map((line) => line.message).sort()).toEqual(["Could not refresh the profile of [email]", "Lost the session of [email]"]);
  for (const line of lines) {
    expect(line).toMatchObject({
      level: 40,
      msg: "browser error",
      path: "/profile",
      requestId: expect.any(String),
      stack: expect.stringContaining("Error"),
    });
    const text = JSON.stringify(line);
    expect(text).not.toMatch(emailPattern);
    expect(text).not.toContain(sid);
    expect(text).not.toContain("not-for-any-log");
  }

  // The code in the page's address never left the browser. Playwright hears of the requests on
  // its own channel, which may come after the site's log lines.
  await expect.poll(() => reports.length).toBe(2);
  for (const report of reports) expect(report).not.toContain("not-for-any-log");
  // The same error again is not sent again.
  await throwErrorsWithTheAddressOnThePage(page, { rejection: false });
  await page.waitForTimeout(500);
  expect(browserLines(plain)).toHaveLength(2);
  // Five reports a page load at most, however many errors follow.
  await page.evaluate(() => {
    for (let i = 1; i <= 4; i++) {
      setTimeout(() => {
        throw new Error(`Error number ${i} of a failing loop`);
      });
    }
  });
  await expect.poll(() => browserLines(plain).length).toBe(5);
  await page.waitForTimeout(500);
  expect(browserLines(plain)).toHaveLength(5);
  // Without SENTRY_DSN the page has none of Sentry.
  expect(scripts.filter((url) => /sentry/i.test(url))).toEqual([]);
  expect(await page.evaluate(() => ("sentrySettings" in window ? "present" : "absent"))).toBe("absent");
  await context.close();
});

test("a render error an error boundary caught reaches /errors as a boundary report, with its component stack", async ({ browser }) => {
  const { context, page } = await signedInProfile(browser, plain, `boundary-${Date.now()}@example.com`);
  const before = browserLines(plain).length;
  await renderBrokenAboutPage(page);
  await expect.poll(() => browserLines(plain).length).toBe(before + 1);
  const line = browserLines(plain).at(-1)!;
  expect(line).toMatchObject({ kind: "boundary", message: "About could not show the courses of [email]", path: "/about" });
  expect(line.componentStack).toEqual(expect.stringContaining("About"));
  expect(JSON.stringify(line)).not.toMatch(emailPattern);
  await context.close();
});

test("the home page's scripts carry no Sentry code when SENTRY_DSN is not set", async ({ browser }) => {
  const context = await newContext(browser, { baseURL: plain.url });
  const page = await context.newPage();
  const bodies: Array<Promise<string>> = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text());
  });
  await open(page, "/");
  await page.waitForLoadState("networkidle");
  const scripts = await Promise.all(bodies);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((text) => /sentry/i.test(text))).toEqual([]);
  // Our reporter is there, listening.
  expect(scripts.some((text) => text.includes("/errors"))).toBe(true);
  await context.close();
});

test("with SENTRY_DSN, one envelope per error reaches Sentry, holding no email address, cookie or code", async ({ browser }) => {
  const email = `sentry-${Date.now()}@example.com`;
  const { context, page, sid } = await signedInProfile(browser, withSentry, email);
  await page.locator("html[data-sentry=ready]").waitFor({ state: "attached" });

  await throwErrorsWithTheAddressOnThePage(page, { rejection: false });
  const browserEvents = () => sentry.events().filter(({ event }) => event.platform === "javascript");
  await expect.poll(() => browserEvents().length, { timeout: 15_000 }).toBe(1);
  // Our own endpoint has it too.
  await expect.poll(() => browserLines(withSentry).length).toBe(1);
  await page.waitForTimeout(1000);
  expect(browserEvents()).toHaveLength(1);

  const { envelope, event } = browserEvents()[0]!;
  expect(event).toMatchObject({ environment: "e2e", release: expect.stringMatching(/^college-elearning@\w+$/) });
  expect(JSON.stringify(event.exception)).toContain("Could not refresh the profile of [email]");
  expect((event.request as { url: string }).url).toBe(`${withSentry.url}/profile`);
  expect(envelope.text).not.toMatch(emailPattern);
  expect(envelope.text).not.toContain(email.split("@")[0]);
  expect(envelope.text).not.toContain(sid);
  expect(envelope.text).not.toContain("not-for-any-log");
  expect(envelope.text).not.toMatch(/cookie/i);
  await context.close();
});

test("with SENTRY_DSN, a render error an error boundary caught reaches Sentry once too", async ({ browser }) => {
  const { context, page } = await signedInProfile(browser, withSentry, `sentry-boundary-${Date.now()}@example.com`);
  await page.locator("html[data-sentry=ready]").waitFor({ state: "attached" });
  const renderEvents = () =>
    sentry
      .events()
      .filter(({ event }) => event.platform === "javascript" && JSON.stringify(event.exception).includes("About could not show"));
  const linesBefore = browserLines(withSentry).length;
  await renderBrokenAboutPage(page);
  await expect.poll(() => renderEvents().length, { timeout: 15_000 }).toBe(1);
  // Reported once to our endpoint, as a boundary report: the window's error event found it already sent.
  await expect.poll(() => browserLines(withSentry).length).toBe(linesBefore + 1);
  await page.waitForTimeout(1000);
  expect(renderEvents()).toHaveLength(1);
  expect(browserLines(withSentry).at(-1)).toMatchObject({ kind: "boundary" });
  const { envelope } = renderEvents()[0]!;
  expect(envelope.text).toContain("About could not show the courses of [email]");
  expect(envelope.text).not.toMatch(emailPattern);
  await context.close();
});

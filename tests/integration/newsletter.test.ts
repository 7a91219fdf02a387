import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { engines } from "../setup/databases.ts";
import { startSite, type RunningSite } from "../setup/server.ts";
import { visibleText } from "../setup/html.ts";

describe.each(engines)("newsletter sign-up on %s", (engine) => {
  let server: RunningSite;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    server = await startSite({}, engine);
    handle = server.database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });

  /** Attempts that reached the action (cross-site posts are refused before it). */
  let attempts = 0;

  /** Posts the form's fields to `path`: the page, or its `.data` address as React Router's script does. */
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields),
    });

  /** Posts the footer form as a browser without JavaScript does. */
  async function signUp(fields: Record<string, string>, headers: Record<string, string> = {}) {
    if (!headers.Origin) attempts += 1;
    const response = await post("/newsletter", fields, headers);
    const html = await response.text();
    const message = /<p role="status"[^>]*>([^<]+)<\/p>/.exec(html)?.[1];
    return { status: response.status, message, retryAfter: response.headers.get("retry-after") };
  }

  const stored = () => handle.db.selectFrom("newsletter_subscriptions").select("email").orderBy("email").execute();

  it("stores a new address, trimmed and in lower case, and says so", async () => {
    const result = await signUp({ email: "  Meena.R@Example.COM " });
    expect(result.status).toBe(200);
    expect(result.message).toBe("Thank you! This address is on our newsletter list: the next issue will reach it.");
    expect(await stored()).toEqual([{ email: "meena.r@example.com" }]);
  });

  it("answers signing up twice, in any letter case, exactly as the first time (no hint the address is known) and keeps one row", async () => {
    const result = await signUp({ email: "MEENA.R@example.com" });
    expect(result.status).toBe(200);
    expect(result.message).toBe("Thank you! This address is on our newsletter list: the next issue will reach it.");
    expect(await stored()).toEqual([{ email: "meena.r@example.com" }]);
  });

  it.each([
    [{ email: "not-an-email" }, "Please enter a valid email address, like name@example.com."],
    [{ email: "   " }, "Please enter your email address."],
    [{}, "Please enter your email address."],
    [{ email: `${"a".repeat(250)}@example.com` }, "An email address has at most 254 characters."],
  ])("refuses %j with a clear message and stores nothing", async (fields, message) => {
    const result = await signUp(fields);
    expect(result.status).toBe(400);
    expect(result.message).toBe(message);
    expect(await stored()).toHaveLength(1);
  });

  it("refuses a filled honeypot and stores nothing", async () => {
    const result = await signUp({ email: "bot@example.com", website_url: "http://spam.example" });
    expect(result.status).toBe(400);
    expect(await stored()).toHaveLength(1);
  });

  it("refuses a post from another site and stores nothing", async () => {
    const result = await signUp({ email: "csrf@example.com" }, { Origin: "https://evil.example" });
    expect(result.status).toBe(403);
    expect(await stored()).toHaveLength(1);
  });

  it("answers the JavaScript form's data request with the message", async () => {
    attempts += 1;
    const response = await post("/newsletter.data", { email: "arun@example.com" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you! This address is on our newsletter list: the next issue will reach it.");
    expect(await stored()).toEqual([{ email: "arun@example.com" }, { email: "meena.r@example.com" }]);
  });

  it("slows down one address after ten attempts in fifteen minutes", async () => {
    while (attempts < 10) expect((await signUp({ email: "typo@" })).status).toBe(400);
    // The eleventh attempt is refused, even with a valid address.
    const result = await signUp({ email: "late@example.com" });
    expect(result.status).toBe(429);
    expect(Number(result.retryAfter)).toBeGreaterThan(0);
    expect(result.message).toMatch(/Too many sign-up attempts/);
    expect(await stored()).toHaveLength(2);
  });

  it("then refuses that network's posts before the page: a small answer, no counter written, no page rendered", async () => {
    const counters = () => handle.db.selectFrom("rate_limits").select(["key", "count"]).where("key", "like", "newsletter:%").execute();
    const before = await counters();
    for (let index = 0; index < 3; index++) {
      const response = await post("/NewsLetter/", { email: `again-${index}@example.com` });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      const page = visibleText(await response.text());
      expect(page).toContain("Too many sign-up attempts from your network. Please try again in a few minutes.");
      expect(page).toMatch(/You can send the form again in (a minute|\d+ minutes)\./);
      // Not the site's rendered page: no navigation, no footer.
      expect(page).not.toContain("Join Now");
    }
    expect(await counters()).toEqual(before);
    expect(await stored()).toHaveLength(2);

    // React Router's own requests still reach the action, which answers in their format (and counts).
    const data = await post("/newsletter.data", { email: "script@example.com" });
    expect(data.status).toBe(429);
    expect(await data.text()).toContain("Too many sign-up attempts");
    expect((await counters())[0]!.count).toBe(before[0]!.count + 1);
  });
});

import { describe, expect, it } from "vitest";
import { registeredBrowser } from "../setup/accounts.ts";
import { engines } from "../setup/databases.ts";
import { responseText } from "../setup/html.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { siteForTests } from "../setup/server.ts";

/** What a browser sends along a redirect chain that started on one of the site's own pages. */
const fromOurPages = { "Sec-Fetch-Site": "same-origin" };

// A shared lab computer: Log out must leave nothing the next person could sign in with.
describe.each(engines)("Log out with the built-in provider on %s", (engine) => {
  const site = siteForTests({ TRUST_PROXY: "1" }, engine);

  /** The signed-in person's site session (its ID token) and their rows at the provider. */
  async function stored(sub?: string) {
    const session = sub
      ? await site.db.selectFrom("sessions").selectAll().where("sub", "=", sub).executeTakeFirst()
      : await site.db.selectFrom("sessions").selectAll().orderBy("created_at", "desc").executeTakeFirstOrThrow();
    const accountId = sub ?? session!.sub;
    const provider = await site.db
      .selectFrom("oidc_payloads")
      .select(["model", "id"])
      .where("payload", "like", `%"accountId":${JSON.stringify(accountId)}%`)
      .execute();
    return { session, sub: accountId, providerModels: provider.map((row) => row.model) };
  }

  const logOut = (browser: TestBrowser) =>
    browser.request("/logout", { method: "POST", headers: { Origin: site.server.url, ...fromOurPages } });

  it("ends the site's session and the provider's with no click, on the site's signed-out page; Join Now then asks for the password", async () => {
    const { browser } = await registeredBrowser(site.server.url);
    const before = await stored();
    expect(before.session!.id_token).toMatch(/^eyJ/);
    expect(before.providerModels).toEqual(expect.arrayContaining(["Session", "Grant", "RefreshToken"]));

    const loggedOut = await logOut(browser);
    expect(loggedOut.status).toBe(302);
    expect(browser.jar.get("sid")).toBeUndefined();
    const endSession = new URL(loggedOut.headers.get("location")!);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${site.server.url}/idp/session/end`);
    expect(Object.fromEntries(endSession.searchParams)).toEqual({
      client_id: "elearning-site",
      id_token_hint: before.session!.id_token,
      post_logout_redirect_uri: `${site.server.url}/signed-out`,
    });

    // No "Sign out?" page and no form to post: the provider goes straight on to the site.
    const atProvider = await browser.request(endSession.href, { headers: fromOurPages });
    expect(atProvider.status).toBe(303);
    expect(atProvider.headers.get("location")).toBe(`${site.server.url}/signed-out`);
    expect(browser.jar.get("_session")).toBeUndefined();

    const signedOut = await browser.request("/signed-out", { headers: fromOurPages });
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get("cache-control")).toBe("no-store");
    const html = await signedOut.text();
    expect(html).toContain("You are signed out");
    expect(html).toContain("eLEARNING");
    // Join Now and "Sign in again" start a sign-in that returns home, not to this page.
    expect(html).toMatch(/<a[^>]*href="\/signin"[^>]*>Join Now<\/a>/);
    expect(html).toMatch(/<a href="\/signin"[^>]*>Sign in again<\/a>/);

    // Nothing of the person is left at the provider: session, grant and tokens are gone.
    expect((await stored(before.sub)).providerModels).toEqual([]);

    // The next person pressing Join Now gets the login form, not the previous person's account.
    const start = await browser.request("/signin");
    const next = await browser.follow(start, "/signin");
    expect(next.url.pathname).toMatch(/^\/signin\/interaction\//);
    const login = await responseText(next.response);
    expect(login).toContain("Sign in to your account");
    expect(browser.jar.get("sid")).toBeUndefined();
  });

  it.each<[string, (hint: string, other: string) => { query: Record<string, string>; headers: Record<string, string> }]>([
    [
      "from another site (Sec-Fetch-Site: cross-site)",
      (hint) => ({ query: { id_token_hint: hint }, headers: { "Sec-Fetch-Site": "cross-site" } }),
    ],
    [
      "from a typed address or bookmark (Sec-Fetch-Site: none)",
      (hint) => ({ query: { id_token_hint: hint }, headers: { "Sec-Fetch-Site": "none" } }),
    ],
    ["by a browser that does not say where it came from", (hint) => ({ query: { id_token_hint: hint }, headers: {} })],
    ["with another account's ID token", (_hint, other) => ({ query: { id_token_hint: other }, headers: fromOurPages })],
    ["without an ID token", () => ({ query: { client_id: "elearning-site" }, headers: fromOurPages })],
  ])("asks before signing anyone out when the request comes %s", async (_name, request) => {
    const { browser } = await registeredBrowser(site.server.url);
    const victim = await stored();
    await registeredBrowser(site.server.url);
    const other = await stored();
    const { query, headers } = request(victim.session!.id_token, other.session!.id_token);

    const url = new URL(`${site.server.url}/idp/session/end`);
    url.search = new URLSearchParams({ ...query, post_logout_redirect_uri: `${site.server.url}/signed-out` }).toString();
    const page = await browser.request(url.href, { headers });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Do you want to sign out of eLEARNING?");
    expect(html).not.toContain("<script");
    // The person is still signed in at the provider (and on the site).
    expect((await stored(victim.sub)).providerModels).toContain("Session");
    expect((await browser.request("/profile")).status).toBe(200);
  });

  it("refuses a return address the site did not register, and signs no one out", async () => {
    const { browser } = await registeredBrowser(site.server.url);
    const { session, sub } = await stored();
    const url = new URL(`${site.server.url}/idp/session/end`);
    url.search = new URLSearchParams({ id_token_hint: session!.id_token, post_logout_redirect_uri: "https://evil.example/" }).toString();
    const response = await browser.request(url.href, { headers: fromOurPages });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect((await stored(sub)).providerModels).toContain("Session");
  });

  it("goes straight to the signed-out page when nobody is signed in at the provider", async () => {
    const browser = new TestBrowser(site.server.url, "192.0.2.41");
    const loggedOut = await logOut(browser);
    const endSession = new URL(loggedOut.headers.get("location")!);
    expect(endSession.pathname).toBe("/idp/session/end");
    expect(endSession.searchParams.has("id_token_hint")).toBe(false);
    const atProvider = await browser.request(endSession.href, { headers: fromOurPages });
    expect(atProvider.status).toBe(303);
    expect(atProvider.headers.get("location")).toBe(`${site.server.url}/signed-out`);
  });

  it("ends on the signed-out page when the person confirms a sign-out the site did not start", async () => {
    const { browser } = await registeredBrowser(site.server.url);
    const { sub } = await stored();
    const page = await (await browser.request("/idp/session/end", { headers: { "Sec-Fetch-Site": "cross-site" } })).text();
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(page)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
    const confirmed = await browser.postForm(action, { xsrf, logout: "yes" });
    const { url } = await browser.follow(confirmed, action, (next) => next.pathname === "/signed-out");
    expect(url.href).toBe(`${site.server.url}/signed-out`);
    expect((await stored(sub)).providerModels).toEqual([]);
  });

  it("sends someone signed in who opens the signed-out page to the home page", async () => {
    const { browser } = await registeredBrowser(site.server.url);
    const response = await browser.request("/signed-out");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });
});

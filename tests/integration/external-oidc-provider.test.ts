import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectSignedInAt } from "../setup/accounts.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { freePort } from "../setup/free-port.ts";
import { startSite, type RunningSite } from "../setup/server.ts";

// A second, real oidc-provider on another port, with Auth0's endpoint paths
// and its own development login, stands in for an external provider.
const clientId = "elearning-at-test-idp";
const clientSecret = "test-idp-secret";
let idpServer: Server;
let issuer: string;
let site: RunningSite;

beforeAll(async () => {
  const [idpPort, sitePort] = await Promise.all([freePort(), freePort()]);
  issuer = `http://127.0.0.1:${idpPort}`;
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${siteUrl}/signin/callback`],
        post_logout_redirect_uris: [`${siteUrl}/signed-out`],
        grant_types: ["authorization_code", "refresh_token"],
      },
    ],
    routes: { authorization: "/authorize", token: "/oauth/token", end_session: "/v2/logout" },
    claims: { openid: ["sub"], profile: ["name"], email: ["email"] },
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, name: `Dev ${sub}`, email: `${sub}@idp.example` }) }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["test-idp-cookie-key"] },
  });
  idpServer = createServer(provider.callback());
  await new Promise<void>((resolve) => idpServer.listen(idpPort, "127.0.0.1", resolve));

  site = await startSite({
    PORT: String(sitePort),
    PUBLIC_URL: siteUrl,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: clientId,
    OIDC_CLIENT_SECRET: clientSecret,
  });
});
afterAll(async () => {
  await site?.stop();
  await new Promise((resolve) => idpServer?.close(resolve));
});

/** Submits the provider's development login and consent pages until it sends the browser back. */
async function passProviderPages(browser: TestBrowser, firstPage: URL) {
  let url = firstPage;
  for (let step = 0; step < 4 && url.origin === issuer; step++) {
    const page = await browser.request(url.href);
    const html = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on ${url.href}`);
    const hidden = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const fields = /name="login"/.test(html) ? { ...hidden, login: "mira", password: "any" } : hidden;
    const posted = await browser.postForm(new URL(action, url).href, fields);
    const followed = await browser.follow(
      posted,
      new URL(action, url).href,
      (next) => next.origin !== issuer || next.pathname.startsWith("/interaction/"),
    );
    url = followed.url;
  }
  return url;
}

describe("an external oidc-provider with Auth0-style paths", () => {
  it("signs in through its /authorize and /oauth/token, and logs out through its /v2/logout with the ID token and the signed-out page", async () => {
    const browser = new TestBrowser(site.url);
    const start = await browser.request("/signin?return_to=/about");
    const authorize = new URL(start.headers.get("location")!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuer}/authorize`);

    const atProvider = await browser.follow(await browser.request(authorize.href), authorize.href, (next) =>
      next.pathname.startsWith("/interaction/"),
    );
    const back = await passProviderPages(browser, atProvider.url);
    expect(back.pathname).toBe("/signin/callback");

    await expectSignedInAt(browser, await browser.request(back.href), "/about", ["Dev mira", "mira@idp.example"]);

    const handle = site.database.open();
    const { id_token: idToken } = await handle.db.selectFrom("sessions").select("id_token").executeTakeFirstOrThrow();
    await handle.close();
    const logout = await browser.request("/logout", { method: "POST" });
    const endSession = new URL(logout.headers.get("location")!);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${issuer}/v2/logout`);
    expect(Object.fromEntries(endSession.searchParams)).toEqual({
      client_id: clientId,
      id_token_hint: idToken,
      post_logout_redirect_uri: `${site.url}/signed-out`,
    });
    expect((await browser.request("/profile")).status).toBe(302);

    // The provider accepts the hint and our address, and its sign-out ends on the site's signed-out page.
    const confirmation = await (await browser.request(endSession.href)).text();
    const action = /<form[^>]*action="([^"]+)"/.exec(confirmation)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirmation)![1]!;
    const confirmed = await browser.postForm(new URL(action, issuer).href, { xsrf, logout: "yes" });
    expect(confirmed.headers.get("location")).toBe(`${site.url}/signed-out`);
    const signedOut = await browser.request(confirmed.headers.get("location")!);
    expect(await signedOut.text()).toContain("You are signed out");

    // Signed out there too: a new sign-in meets the provider's login form again.
    const again = await browser.request("/signin");
    const authorizeAgain = again.headers.get("location")!;
    const atLogin = await browser.follow(await browser.request(authorizeAgain), authorizeAgain);
    expect(atLogin.url.pathname).toMatch(/^\/interaction\//);
    expect(await atLogin.response.text()).toContain('name="login"');
  });
});

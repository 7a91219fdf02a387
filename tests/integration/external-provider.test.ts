import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../setup/http-client.ts";
import { freePort } from "../setup/free-port.ts";
import { startSite, type RunningSite } from "../setup/server.ts";
import { startTokenTestProvider, type TokenScenario } from "../setup/token-test-provider.ts";
import { expectSignedInAt } from "../setup/accounts.ts";
import { responseText } from "../setup/html.ts";

const clientId = "site-at-external-provider";
let provider: Awaited<ReturnType<typeof startTokenTestProvider>>;
let server: RunningSite;

beforeAll(async () => {
  provider = await startTokenTestProvider({ clientId });
  server = await startSite({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: clientId,
    OIDC_CLIENT_SECRET: "external-secret",
    OIDC_LOGOUT_URL: `${provider.issuer}v2/logout`,
  });
});
afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

/** Signs in through the external provider with the given ID token scenario; returns the callback's answer. */
async function signInWith(scenario: TokenScenario) {
  provider.useScenario(scenario);
  const { browser, callback } = await provider.signIn(server.url, "/team");
  return { browser, callback, text: await responseText(callback) };
}

const now = () => Math.floor(Date.now() / 1000);

describe("an external provider with Auth0-style endpoints", () => {
  it("signs in with a valid ID token and returns to the page", async () => {
    const { browser, callback } = await signInWith({});
    await expectSignedInAt(browser, callback, "/team", ["External Person", "auth0|external-42"]);
  });

  it.each<[string, TokenScenario]>([
    ["expired beyond the 60 s leeway", { claims: (c) => ({ ...c, iat: now() - 900, exp: now() - 120 }) }],
    ["not valid for another two minutes", { claims: (c) => ({ ...c, nbf: now() + 120 }) }],
    ["for another audience", { claims: (c) => ({ ...c, aud: "someone-else" }) }],
    ["from another issuer", { claims: (c) => ({ ...c, iss: "https://impostor.example/" }) }],
    ["with another nonce", { claims: (c) => ({ ...c, nonce: "not-the-one-we-sent" }) }],
    ["without a subject", { claims: ({ sub: _sub, ...c }) => c }],
    ["unsigned", { unsigned: true }],
    ["signed HS256 instead of RS256", { hs256Secret: "a-shared-secret-long-enough-for-hs256" }],
  ])("refuses an ID token %s with 'Login failed' and starts no session", async (_name, scenario) => {
    const { browser, callback, text } = await signInWith(scenario);
    expect(callback.status).toBe(400);
    expect(text).toContain("Login failed");
    expect(browser.jar.get("sid")).toBeUndefined();
  });

  it.each([
    ["access_denied", "Get access token failed"],
    ["mfa_required", "Multi-factor authentication is required"],
  ])("shows the catalogue's message when the token endpoint answers %s", async (tokenError, message) => {
    const { callback, text } = await signInWith({ tokenError });
    expect(callback.status).toBe(400);
    expect(text).toContain(message);
  });

  it.each<[string, TokenScenario]>([
    ["expired 30 s ago", { claims: (c) => ({ ...c, iat: now() - 900, exp: now() - 30 }) }],
    ["not valid for another 30 s", { claims: (c) => ({ ...c, nbf: now() + 30 }) }],
  ])("accepts an ID token %s (within the leeway)", async (_name, scenario) => {
    const { callback } = await signInWith(scenario);
    expect(callback.status).toBe(302);
  });

  it("logs out through the provider's /v2/logout with client_id and returnTo, the signed-out page", async () => {
    const { browser } = await signInWith({});
    const response = await browser.request("/logout", { method: "POST" });
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}v2/logout`);
    expect(Object.fromEntries(location.searchParams)).toEqual({ client_id: clientId, returnTo: `${server.url}/signed-out` });
  });

  it("lets the log-out form lead to the provider (CSP form-action)", async () => {
    const csp = (await fetch(`${server.url}/`)).headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`form-action 'self' ${new URL(provider.issuer).origin}`);
  });

  it("sends people to the provider to create an account", async () => {
    const page = await fetch(`${server.url}/register`);
    const html = await page.text();
    expect(html).toContain("Accounts for this site are created with the college&#x27;s sign-in service.");
    expect(html).not.toContain('name="password1"');
    const post = await fetch(`${server.url}/register`, { method: "POST", body: new URLSearchParams({ name: "x" }) });
    expect(post.status).toBe(404);
  });
});

describe("with OIDC_ORGANIZATION", () => {
  let organisationSite: RunningSite;

  beforeAll(async () => {
    organisationSite = await startSite({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: "external-secret",
      OIDC_ORGANIZATION: "org_college",
    });
  });
  afterAll(() => organisationSite?.stop());

  async function signInAtOrganisationSite(scenario: TokenScenario) {
    provider.useScenario(scenario);
    const browser = new TestBrowser(organisationSite.url);
    const start = await browser.request("/signin");
    const authorizationUrl = new URL(start.headers.get("location")!);
    expect(authorizationUrl.searchParams.get("organization")).toBe("org_college");
    return browser.request(provider.authorize(authorizationUrl).href);
  }

  it("accepts an ID token of that organisation", async () => {
    expect((await signInAtOrganisationSite({ claims: (c) => ({ ...c, org_id: "org_college" }) })).status).toBe(302);
  });

  it.each<[string, TokenScenario]>([
    ["another organisation", { claims: (c) => ({ ...c, org_id: "org_other" }) }],
    ["no organisation", {}],
  ])("refuses an ID token of %s with 'Login failed'", async (_name, scenario) => {
    const response = await signInAtOrganisationSite(scenario);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Login failed");
  });
});

describe("renewing the access token at an external provider", () => {
  async function signedInWithExpiringToken() {
    const { browser, callback } = await signInWith({});
    expect(callback.status).toBe(302);
    const handle = server.database.open();
    const session = await handle.db.selectFrom("sessions").selectAll().orderBy("created_at", "desc").executeTakeFirstOrThrow();
    await handle.db
      .updateTable("sessions")
      .set({ access_expires_at: new Date(Date.now() + 20_000).toISOString() })
      .where("id_hash", "=", session.id_hash)
      .execute();
    return { browser, handle, session };
  }

  it("keeps the session when the provider is failing, asks again 30 s later, then renews", async () => {
    const { browser, handle, session } = await signedInWithExpiringToken();
    const expiry = async () =>
      await handle.db.selectFrom("sessions").selectAll().where("id_hash", "=", session.id_hash).executeTakeFirstOrThrow();
    try {
      provider.useScenario({ refreshError: { status: 503, error: "temporarily_unavailable" } });
      const asked = provider.refreshRequests();
      expect((await browser.request("/profile")).status).toBe(200);
      // Not on every request while the provider is down: the next attempt is due in 30 s.
      expect((await browser.request("/profile")).status).toBe(200);
      expect(provider.refreshRequests()).toBe(asked + 1);
      // The tokens stay as they were: a request reads the session without them, and must not write them empty.
      const kept = await expiry();
      expect([kept.access_token, kept.id_token]).toEqual([session.access_token, session.id_token]);
      const retryIn = (new Date(kept.access_expires_at!).getTime() - Date.now()) / 1000;
      expect(retryIn).toBeGreaterThan(80);
      expect(retryIn).toBeLessThanOrEqual(90);

      // 30 s later (the expiry set back), with the provider working again.
      await handle.db
        .updateTable("sessions")
        .set({ access_expires_at: new Date(Date.now() + 20_000).toISOString() })
        .where("id_hash", "=", session.id_hash)
        .execute();
      provider.useScenario({});
      expect((await browser.request("/profile")).status).toBe(200);
      const renewed = await expiry();
      expect(renewed.access_token).toMatch(/^renewed-/);
      expect(renewed.refresh_token).toBe("external-refresh-2");
      // The provider sent no new ID token: the one from the sign-in stays, for the sign-out's hint.
      expect(session.id_token).toMatch(/^eyJ/);
      expect(renewed.id_token).toBe(session.id_token);
    } finally {
      await handle.close();
    }
  });

  it("renews once for requests arriving together (the spec's renewal lock)", async () => {
    const { browser, handle, session } = await signedInWithExpiringToken();
    try {
      const asked = provider.refreshRequests();
      const statuses = await Promise.all(Array.from({ length: 5 }, async () => (await browser.request("/profile")).status));
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      expect(provider.refreshRequests()).toBe(asked + 1);
      const renewed = await handle.db.selectFrom("sessions").selectAll().where("id_hash", "=", session.id_hash).executeTakeFirstOrThrow();
      expect(renewed.refresh_token).toBe("external-refresh-2");
    } finally {
      await handle.close();
    }
  });

  it("ends the session when the provider refuses the refresh token", async () => {
    const { browser, handle, session } = await signedInWithExpiringToken();
    try {
      provider.useScenario({ refreshError: { status: 400, error: "invalid_grant" } });
      expect((await browser.request("/profile")).status).toBe(302);
      const gone = await handle.db.selectFrom("sessions").select("id_hash").where("id_hash", "=", session.id_hash).executeTakeFirst();
      expect(gone).toBeUndefined();
    } finally {
      await handle.close();
      provider.useScenario({});
    }
  });
});

describe("a provider that cannot be reached", () => {
  it("says 'HTTP error. Unable to fetch …' when nobody answers at the issuer", async () => {
    const closedPort = await freePort();
    const site = await startSite({ OIDC_ISSUER: `http://127.0.0.1:${closedPort}/`, OIDC_CLIENT_ID: clientId });
    try {
      const response = await fetch(`${site.url}/signin`);
      expect(response.status).toBe(502);
      expect(await responseText(response)).toContain(
        `HTTP error. Unable to fetch http://127.0.0.1:${closedPort}/.well-known/openid-configuration`,
      );
    } finally {
      await site.stop();
    }
  });

  it("says 'HTTP error. Unable to fetch …' at the callback when the token endpoint is down, and starts no session", async () => {
    const closedPort = await freePort();
    const tokenEndpoint = `http://127.0.0.1:${closedPort}/oauth/token`;
    const site = await startSite({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: "external-secret",
      OIDC_TOKEN_ENDPOINT: tokenEndpoint,
    });
    try {
      provider.useScenario({});
      const browser = new TestBrowser(site.url);
      const start = await browser.request("/signin");
      const callback = await browser.request(provider.authorize(new URL(start.headers.get("location")!)).href);
      expect(callback.status).toBe(400);
      expect(await responseText(callback)).toContain(`HTTP error. Unable to fetch ${tokenEndpoint}`);
      expect(browser.jar.get("sid")).toBeUndefined();
    } finally {
      await site.stop();
    }
  });

  it("says 'Timeout' when the issuer takes more than the spec's 10 s", async () => {
    const silent = createServer(() => {}); // accepts connections, never answers
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const site = await startSite({ OIDC_ISSUER: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`, OIDC_CLIENT_ID: clientId });
    try {
      const response = await fetch(`${site.url}/signin`);
      expect(response.status).toBe(502);
      expect(await responseText(response)).toContain("Timeout");
    } finally {
      await site.stop();
      silent.close();
    }
  }, 30_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reachCallback, registeredBrowser as registerInNewBrowser, testPassword } from "../setup/accounts.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { startSite, type RunningSite } from "../setup/server.ts";
import { responseText } from "../setup/html.ts";

let server: RunningSite;

beforeAll(async () => {
  // Behind one trusted proxy, so each test browser can come from an address of its own.
  server = await startSite({ TRUST_PROXY: "1" });
});
afterAll(() => server?.stop());

const password = testPassword;
const registeredBrowser = () => registerInNewBrowser(server.url);

/** A registered account in a browser that then forgets every cookie, the provider's too, as a new browser would. */
async function signedOutAccount() {
  const account = await registeredBrowser();
  account.browser.jar.clear();
  return account;
}

describe("sign-in against the built-in provider", () => {
  it("starts with PKCE S256, state, nonce and the spec's scope", async () => {
    const browser = new TestBrowser(server.url);
    const response = await browser.request("/signin");
    const url = new URL(response.headers.get("location")!);
    expect(url.pathname).toBe("/idp/auth");
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      client_id: "elearning-site",
      response_type: "code",
      scope: "openid profile email offline_access",
      code_challenge_method: "S256",
      redirect_uri: `${server.url}/signin/callback`,
    });
    expect(params.state).toBeTruthy();
    expect(params.nonce).toBeTruthy();
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(browser.jar.get("signin_state")).toBe(params.state);
    expect(response.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);
  });

  it("marks its cookies Secure when the site is served over HTTPS (behind the trusted proxy)", async () => {
    const browser = new TestBrowser(server.url);
    const response = await browser.request("/signin", { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.headers.get("set-cookie")).toMatch(
      /^signin_state=[\w-]+; Max-Age=86400; Path=\/signin; HttpOnly; SameSite=Lax; Secure$/,
    );
  });

  it("signs in and returns to the page it started from", async () => {
    const { browser, email } = await signedOutAccount();
    const callback = await reachCallback(browser, email, "/courses/mern?tab=1");
    const done = await browser.request(callback.href);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/courses/mern?tab=1");
    expect(done.headers.getSetCookie().join("\n")).toMatch(/sid=[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);
    const page = await browser.request("/about");
    expect(await responseText(page)).toContain("Log out");
  });

  it.each(["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"])(
    "never sends people to another site after sign-in (return_to=%s)",
    async (returnTo) => {
      const { browser, email } = await signedOutAccount();
      const callback = await reachCallback(browser, email, returnTo);
      const done = await browser.request(callback.href);
      expect(done.headers.get("location")).toBe("/");
    },
  );

  it.each<[string, (browser: TestBrowser, callback: URL) => Promise<void>]>([
    ["a tampered state", async (_browser, callback) => callback.searchParams.set("state", "forged-state-value")],
    ["a callback from a browser that did not start the sign-in", async (browser) => browser.jar.delete("signin_state")],
    [
      "a sign-in started more than a day ago",
      async (_browser, callback) => {
        const handle = server.database.open();
        try {
          await handle.db
            .updateTable("sign_in_transactions")
            .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
            .where("state", "=", callback.searchParams.get("state")!)
            .execute();
        } finally {
          await handle.close();
        }
      },
    ],
  ])("refuses %s with 'Invalid state' and starts no session", async (_name, tamper) => {
    const { browser, email } = await signedOutAccount();
    const callback = await reachCallback(browser, email);
    await tamper(browser, callback);
    const response = await browser.request(callback.href);
    expect(response.status).toBe(400);
    expect(await responseText(response)).toContain("Invalid state");
    expect(browser.jar.get("sid")).toBeUndefined();
  });

  it("uses each sign-in once: a replayed callback is refused", async () => {
    const { browser, email } = await signedOutAccount();
    const callback = await reachCallback(browser, email);
    const state = browser.jar.get("signin_state")!;
    expect((await browser.request(callback.href)).status).toBe(302);
    // The attacker has the URL and even the state cookie.
    const replay = new TestBrowser(server.url);
    replay.jar.store(new Response(null, { headers: { "Set-Cookie": `signin_state=${state}; Path=/signin` } }));
    const response = await replay.request(callback.href);
    expect(response.status).toBe(400);
    expect(await responseText(response)).toContain("Invalid state");
  });

  it("signs a browser that still has a provider session straight back in, without the login page", async () => {
    const { browser } = await registeredBrowser();
    browser.jar.delete("sid");
    const start = await browser.request("/signin?return_to=/team");
    const { url } = await browser.follow(start, "/signin", (next) => next.pathname === "/team");
    expect(url.pathname).toBe("/team");
    expect(browser.jar.get("sid")).toBeTruthy();
  });
});

describe("protection", () => {
  it("blocks an account after ten wrong passwords, even for the right one, with one generic message before", async () => {
    const { browser, email } = await signedOutAccount();
    const start = await browser.request("/signin");
    const { url } = await browser.follow(start, "/signin");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await browser.postForm(url.pathname, { email, password: `wrong-${attempt}` });
      statuses.push(response.status);
      if (attempt === 0) expect(await responseText(response)).toContain("The email address or password is not correct.");
      else await response.body?.cancel();
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const blocked = await browser.postForm(url.pathname, { email, password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(await responseText(blocked)).toMatch(
      /Too many failed sign-in attempts\. Please try again in 15 minutes, or choose a new password with "Forgot password\?"\./,
    );
  }, 60_000);

  it("gives the browser that signs in with the password a device cookie for the whole site: httpOnly, for 180 days", async () => {
    const { browser, email } = await signedOutAccount();
    const start = await browser.request("/signin");
    const { url } = await browser.follow(start, "/signin");
    const wrong = await browser.postForm(url.pathname, { email, password: "not-the-password" });
    expect(wrong.headers.getSetCookie().filter((cookie) => cookie.startsWith("device="))).toEqual([]);
    const posted = await browser.postForm(url.pathname, { email, password });
    expect(posted.headers.getSetCookie().join("\n")).toMatch(/^device=[\w.~-]+; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax$/m);
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    const browser = new TestBrowser(server.url);
    const start = await browser.request("/signin");
    const { url } = await browser.follow(start, "/signin");
    const response = await browser.postForm(url.pathname, { email: "nobody-here@example.com", password: "whatever-123" });
    expect(response.status).toBe(401);
    expect(await responseText(response)).toContain("The email address or password is not correct.");
  });

  it.each(["/register", "/logout", "/newsletter"])("refuses a cross-site POST to %s and changes nothing", async (path) => {
    const { browser } = await registeredBrowser();
    const response = await browser.request(path, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "csrf@example.com", name: "x", phone: "123456", password1: "12345678", password2: "12345678" }),
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("This form was sent from another website, so it was refused.");
    // Still signed in: the forged log-out did nothing.
    expect((await browser.request("/profile")).status).toBe(200);
  });

  it.each(["password", "12345678", "aaaaaaaa", "qwertyuiop", "        "])(
    "refuses the easily guessed password %j, says why on the password field, and creates no account",
    async (weak) => {
      const email = `weak-${Math.random().toString(36).slice(2)}@example.com`;
      const response = await new TestBrowser(server.url).postForm("/register", {
        name: "Weak Password",
        phone: "9840012345",
        email,
        password1: weak,
        password2: weak,
      });
      expect(response.status).toBe(400);
      const text = await responseText(response);
      expect(text).toContain("This password would be easy to guess.");
      const handle = server.database.open();
      try {
        expect(await handle.db.selectFrom("accounts").select("id").where("email", "=", email).execute()).toEqual([]);
      } finally {
        await handle.close();
      }
    },
  );

  it("over HTTPS names the session cookie __Host-sid and ignores a plain sid someone could plant", async () => {
    const { browser } = await registeredBrowser();
    const id = browser.jar.get("sid")!;
    const profileWith = (cookie: string) =>
      fetch(`${server.url}/profile`, { headers: { Cookie: cookie, "X-Forwarded-Proto": "https" }, redirect: "manual" });
    expect((await profileWith(`__Host-sid=${id}`)).status).toBe(200);
    expect((await profileWith(`sid=${id}`)).status).toBe(302);
    const loggedOut = await fetch(`${server.url}/logout`, {
      method: "POST",
      headers: { Cookie: `__Host-sid=${id}`, "X-Forwarded-Proto": "https", Origin: server.url.replace("http:", "https:") },
      redirect: "manual",
    });
    expect(loggedOut.headers.getSetCookie().join("\n")).toMatch(/__Host-sid=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax; Secure/);
  });
});

describe("tokens on the server", () => {
  const inDatabase = () => server.database.open();

  it("renews the access token shortly before it expires, without the browser noticing", async () => {
    const { browser } = await registeredBrowser();
    const handle = inDatabase();
    try {
      const before = await handle.db.selectFrom("sessions").selectAll().orderBy("created_at", "desc").executeTakeFirstOrThrow();
      expect(before.refresh_token).toBeTruthy();
      const soon = new Date(Date.now() + 30_000).toISOString();
      await handle.db.updateTable("sessions").set({ access_expires_at: soon }).where("id_hash", "=", before.id_hash).execute();

      const page = await browser.request("/about");
      expect(await responseText(page)).toContain("Log out");
      const after = await handle.db.selectFrom("sessions").selectAll().where("id_hash", "=", before.id_hash).executeTakeFirstOrThrow();
      expect(after.access_token).not.toBe(before.access_token);
      expect(new Date(after.access_expires_at!).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    } finally {
      await handle.close();
    }
  });

  it("ends the session quietly when the provider refuses to renew it", async () => {
    const { browser } = await registeredBrowser();
    const handle = inDatabase();
    try {
      const session = await handle.db.selectFrom("sessions").selectAll().orderBy("created_at", "desc").executeTakeFirstOrThrow();
      // The provider forgets the refresh token (revoked, or the account's grant ended).
      await handle.db.deleteFrom("oidc_payloads").where("model", "=", "RefreshToken").execute();
      const past = new Date(Date.now() - 1000).toISOString();
      await handle.db.updateTable("sessions").set({ access_expires_at: past }).where("id_hash", "=", session.id_hash).execute();

      const page = await browser.request("/about");
      expect(page.status).toBe(200);
      expect(await responseText(page)).toContain("Join Now");
      const gone = await handle.db.selectFrom("sessions").select("id_hash").where("id_hash", "=", session.id_hash).executeTakeFirst();
      expect(gone).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});

describe("secrets stay out of logs and pages", () => {
  it("logs no authorization code, state or token", async () => {
    const { browser, email } = await signedOutAccount();
    const callback = await reachCallback(browser, email);
    const code = callback.searchParams.get("code")!;
    const done = await browser.request(callback.href);
    expect(done.status).toBe(302);
    const page = await browser.request("/profile");
    const html = await page.text();
    const logged = JSON.stringify(server.logs);
    for (const secret of [code, callback.searchParams.get("state")!, password]) {
      expect(logged).not.toContain(secret);
      expect(html).not.toContain(secret);
    }
    expect(html).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+/); // no JWT in the page
  });
});

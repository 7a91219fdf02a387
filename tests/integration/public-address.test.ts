import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { rawRequest } from "../setup/raw-request.ts";
import { startSite, type RunningSite } from "../setup/server.ts";

// Cookies and the sign-in redirect are bound to PUBLIC_URL's host: the site must be used there.
// Tests reach it under other names by connecting to localhost (127.0.0.1 here; the server
// listens on IPv4 only) or by sending another Host header with node:http.

const form = (email: string) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({ email }),
});

describe("with PUBLIC_URL (http://127.0.0.1:<port>) behind a trusted proxy", () => {
  let site: RunningSite;
  let handle: DatabaseHandle;
  let port: string;
  let otherName: string;

  beforeAll(async () => {
    site = await startSite({ TRUST_PROXY: "1" });
    handle = site.database.open();
    port = new URL(site.url).port;
    otherName = `http://localhost:${port}`;
  });
  afterAll(async () => {
    await handle?.close();
    await site?.stop();
  });

  const subscribed = async (email: string) =>
    (await handle.db.selectFrom("newsletter_subscriptions").select("email").where("email", "=", email).execute()).length > 0;

  it("prints the address to open when it starts", () => {
    const started = site.logs.find((line) => String(line.msg).startsWith("listening"));
    expect(started).toMatchObject({ url: site.url, msg: `listening: open ${site.url}` });
  });

  it("sends a page opened at another host to the same path and query at PUBLIC_URL", async () => {
    const response = await fetch(`${otherName}/courses?x=1`, { redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe(`${site.url}/courses?x=1`);
    // Not kept by browsers: PUBLIC_URL may change, and a stored redirect could never be undone.
    expect(response.headers.get("cache-control")).toBe("no-store");
    const followed = await fetch(`${otherName}/courses?x=1`);
    expect(followed.status).toBe(200);
    expect(followed.url).toBe(`${site.url}/courses?x=1`);
  });

  it.each(["GET", "HEAD"])("redirects %s for any other Host, to PUBLIC_URL and never to the Host named", async (method) => {
    for (const host of [`[::1]:${port}`, `192.168.1.20:${port}`, "evil.example", `127.0.0.1:${Number(port) + 1}`]) {
      const response = await rawRequest(`${site.url}/about`, { method, headers: { Host: host } });
      expect(response.status, host).toBe(308);
      expect(response.headers.location, host).toBe(`${site.url}/about`);
    }
  });

  it("redirects a Host without a port sent straight to the site (no proxy forwarded it) to PUBLIC_URL", async () => {
    // Only a name forwarded by a proxy (nginx's $host) is taken without its port; sent directly,
    // 127.0.0.1 means port 80, which is not PUBLIC_URL's.
    for (const host of ["127.0.0.1", "127.0.0.1:80"]) {
      const response = await rawRequest(`${site.url}/about?x=1`, { headers: { Host: host } });
      expect(response.status, host).toBe(308);
      expect(response.headers.location, host).toBe(`${site.url}/about?x=1`);
      const posted = await rawRequest(`${site.url}/newsletter`, {
        method: "POST",
        headers: { Host: host, "Content-Type": "application/x-www-form-urlencoded" },
        body: "email=portless%40example.com",
      });
      expect(posted.status, host).toBe(421);
    }
    expect(await subscribed("portless@example.com")).toBe(false);
  });

  it("answers /healthz and /readyz at every address, for load balancers", async () => {
    for (const origin of [site.url, otherName]) {
      for (const path of ["/healthz", "/readyz"]) {
        const response = await fetch(`${origin}${path}`, { redirect: "manual" });
        expect(response.status, `${origin}${path}`).toBe(200);
      }
    }
  });

  it("refuses a form posted to another host with 421 naming the address, without running the action", async () => {
    const response = await fetch(`${otherName}/newsletter`, { ...form("wrong-host@example.com"), redirect: "manual" });
    expect(response.status).toBe(421);
    expect(await response.text()).toContain(`This site's address is ${site.url}`);
    expect(await subscribed("wrong-host@example.com")).toBe(false);
  });

  it("takes the trusted proxy's X-Forwarded-Host and X-Forwarded-Proto when they name PUBLIC_URL", async () => {
    const publicHost = new URL(site.url).host;
    const proxied = { "X-Forwarded-Host": publicHost, "X-Forwarded-Proto": "http" };
    const page = await fetch(`${otherName}/courses`, { headers: proxied, redirect: "manual" });
    expect(page.status).toBe(200);
    const posted = await fetch(`${otherName}/newsletter`, {
      ...form("through-proxy@example.com"),
      // A browser sends the page's origin, which is PUBLIC_URL's, not the address the proxy connected to.
      headers: { ...form("").headers, ...proxied, Origin: site.url },
      redirect: "manual",
    });
    expect(posted.status).toBe(200);
    expect(await subscribed("through-proxy@example.com")).toBe(true);
    // Proxies that forward the name without its port (nginx's $host) must not loop.
    const withoutPort = await fetch(`${otherName}/courses`, { headers: { "X-Forwarded-Host": "127.0.0.1" }, redirect: "manual" });
    expect(withoutPort.status).toBe(200);
  });

  it("goes by the trusted proxy's X-Forwarded-Host over the Host it connected with", async () => {
    const response = await fetch(`${site.url}/courses`, { headers: { "X-Forwarded-Host": `localhost:${port}` }, redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe(`${site.url}/courses`);
  });

  it("logs the redirects at info and warns once, with no errors", () => {
    expect(site.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(site.logs.filter((line) => line.level === 40 && String(line.msg).includes("PUBLIC_URL"))).toHaveLength(1);
  });
});

describe("without PUBLIC_URL (the site's address is http://localhost:<port>) behind a trusted proxy", () => {
  let site: RunningSite;
  let port: string;

  beforeAll(async () => {
    // An empty variable counts as unset. Behind a proxy that forwards whatever clients send.
    site = await startSite({ PUBLIC_URL: "", TRUST_PROXY: "1" });
    port = new URL(site.url).port;
  });
  afterAll(() => site?.stop());

  it("prints localhost as the address to open", () => {
    const started = site.logs.find((line) => String(line.msg).startsWith("listening"));
    expect(started?.msg).toBe(`listening: open http://localhost:${port}`);
  });

  it("sends 127.0.0.1 and [::1] to localhost on the same port, where signing in works", async () => {
    const response = await fetch(`${site.url}/courses?x=1`, { redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe(`http://localhost:${port}/courses?x=1`);
    const ipv6 = await rawRequest(`${site.url}/about`, { headers: { Host: `[::1]:${port}` } });
    expect(ipv6.status).toBe(308);
    expect(ipv6.headers.location).toBe(`http://localhost:${port}/about`);
    expect((await fetch(`http://localhost:${port}/courses`, { redirect: "manual" })).status).toBe(200);
  });

  it("gives the built-in provider's addresses from the site's own address alone, whatever the forwarded host", async () => {
    const spoofed = { "X-Forwarded-Host": "evil.example, localhost", "X-Forwarded-Proto": "https" };
    const issuerOrigin = `http://localhost:${port}`;
    const discovery = await fetch(`${site.url}/idp/.well-known/openid-configuration`, { headers: spoofed });
    expect(discovery.status).toBe(200);
    expect(discovery.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const metadata = (await discovery.json()) as Record<string, unknown>;
    const addresses = Object.values(metadata).filter((value): value is string => typeof value === "string" && /^\w+:\/\//.test(value));
    expect(addresses.length).toBeGreaterThan(5);
    for (const address of addresses) expect(address.startsWith(`${issuerOrigin}/idp`), address).toBe(true);

    const signOut = await fetch(`${site.url}/idp/session/end`, { headers: spoofed });
    const page = await signOut.text();
    expect(page).toContain(`action="${issuerOrigin}/idp/session/end/confirm"`);
    expect(page).not.toContain("evil.example");
  });

  it("serves a LAN address (its visitors' localhost is not this machine) and warns that PUBLIC_URL is needed", async () => {
    const response = await rawRequest(`${site.url}/courses`, { headers: { Host: `192.168.1.20:${port}` } });
    expect(response.status).toBe(200);
    await expect
      .poll(() => site.logs.filter((line) => line.level === 40 && String(line.msg).includes("PUBLIC_URL is unset")))
      .toHaveLength(1);
  });
});

import { describe, expect, it } from "vitest";
import { engines } from "../setup/databases.ts";
import { siteForTests } from "../setup/server.ts";

// The built-in provider's own addresses, probed as anyone on the internet could.
describe.each(engines)("the built-in provider on %s", (engine) => {
  const site = siteForTests({ TRUST_PROXY: "1" }, engine);
  const payloads = async (model: string) =>
    site.db.selectFrom("oidc_payloads").select(["id", "expires_at"]).where("model", "=", model).execute();
  const from = (address: string) => ({ "X-Forwarded-For": address });

  const authorizeUrl = () => {
    const url = new URL(`${site.server.url}/idp/auth`);
    url.search = new URLSearchParams({
      client_id: "elearning-site",
      redirect_uri: `${site.server.url}/signin/callback`,
      response_type: "code",
      scope: "openid",
      state: "s".repeat(16),
      nonce: "n".repeat(16),
      code_challenge: "c".repeat(43),
      code_challenge_method: "S256",
    }).toString();
    return url.href;
  };

  it.each([
    ["/idp/session/end", "Session", () => `${site.server.url}/idp/session/end`],
    ["/idp/auth", "Interaction", authorizeUrl],
  ])("bounds the rows anyone can make %s store, per address", async (_path, model, url) => {
    // Written here, not read from the constant: a limit raised by mistake must fail this test.
    const limit = 60;
    const address = `198.51.100.${model.length}`;
    const before = (await payloads(model)).length;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 5; i++) {
      const response = await fetch(url(), { headers: from(address), redirect: "manual" });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      await response.body?.cancel();
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const stored = (await payloads(model)).length - before;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThanOrEqual(limit);
    // Another address is not held back by this one.
    const other = await fetch(url(), { headers: from("203.0.113.9"), redirect: "manual" });
    expect(other.status).not.toBe(429);
  });

  it("keeps a session nobody signed in to for minutes, not a month", async () => {
    const before = new Set((await payloads("Session")).map((row) => row.id));
    await (await fetch(`${site.server.url}/idp/session/end`, { headers: from("192.0.2.77") })).text();
    const created = (await payloads("Session")).filter((row) => !before.has(row.id));
    expect(created).toHaveLength(1);
    const lifetimeMs = new Date(created[0]!.expires_at!).getTime() - Date.now();
    expect(lifetimeMs).toBeLessThanOrEqual(10 * 60 * 1000);
  });
});

import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/lib/db/schema.ts";
import { createTestDatabase, engines, type TestDatabase } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { siteForTests, startServer, type RunningServer } from "../setup/server.ts";
import { startStallingProxy, type StallingProxy } from "../setup/stalling-proxy.ts";

const postNewsletter = (siteUrl: string, email: string, path = "/newsletter") =>
  fetch(`${siteUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.60" },
    body: new URLSearchParams({ email }),
  });

/** A 503 answered as the site's own retry screen, with the site's header and footer around it. */
async function expectRetryScreen(response: Response, address: string) {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("10");
  const html = await response.text();
  const text = visibleText(html);
  expect(text).toContain("This page is briefly unavailable");
  expect(text).toContain("Please try again in a moment.");
  expect(html).toMatch(new RegExp(`<a href="${address}"[^>]*>Try again</a>`));
  expect(html).toContain("<title>Briefly unavailable | ");
  expect(html).toMatch(/<nav\b/);
  expect(html).toMatch(/<footer\b/);
}

/** Stalls are worth one warning line each, not an error with a stack. */
function expectLoggedAsWarnings(logs: RunningServer["logs"]) {
  const stalls = logs.filter((line) => line.msg === "database unavailable; answered 503");
  expect(stalls.length).toBeGreaterThan(0);
  expect(stalls.every((line) => line.level === 40 && typeof line.reason === "string" && !("err" in line))).toBe(true);
  expect(logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
}

/** Runs `during` while `holder` keeps a transaction open after `lock`; always lets go after. */
async function whileLocked(holder: Kysely<Database>, lock: (trx: Kysely<Database>) => Promise<unknown>, during: () => Promise<void>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = holder.transaction().execute(async (trx) => {
    await lock(trx);
    locked();
    await released;
  });
  try {
    await Promise.race([isLocked, holding]);
    await during();
  } finally {
    release();
    await holding;
  }
}

// A lock held elsewhere on PostgreSQL (a long migration, an operator's transaction) must cost the
// requests that need that table a bounded wait and a 503 retry screen, not hold every connection
// of the pool, and must not take down the pages that need no database.
describe.runIf(engines.includes("postgres"))("a table locked on PostgreSQL", () => {
  const site = siteForTests({ DATABASE_STATEMENT_TIMEOUT_MS: "1000", TRUST_PROXY: "1" }, "postgres");

  it("answers 503 with a retry screen within the bound, keeps serving other pages, and recovers by itself", async () => {
    // The newsletter form counts its sign-ups in rate_limits.
    await whileLocked(
      site.db,
      (trx) => sql`lock table rate_limits in access exclusive mode`.execute(trx),
      async () => {
        // The lock is let go only after these answers: an unbounded wait would never answer.
        await expectRetryScreen(await postNewsletter(site.server.url, "stalled@example.com"), "/newsletter");
        // The same post from a page with JavaScript (a data request): the status says so too.
        const dataRequest = await postNewsletter(site.server.url, "stalled@example.com", "/newsletter.data");
        expect(dataRequest.status).toBe(503);
        expect(dataRequest.headers.get("retry-after")).toBe("10");
        // The built-in provider counts its sign-in requests there too, outside React Router.
        const provider = await fetch(`${site.server.url}/idp/auth`, { redirect: "manual" });
        expect(provider.status).toBe(503);
        expect(provider.headers.get("retry-after")).toBe("10");
        for (const page of ["/", "/about"]) expect((await fetch(`${site.server.url}${page}`)).status).toBe(200);
        // The database itself answers: this instance stays ready.
        expect(await (await fetch(`${site.server.url}/readyz`)).json()).toEqual({ status: "ready" });
      },
    );
    expect((await postNewsletter(site.server.url, "recovered@example.com")).status).toBe(200);
    expectLoggedAsWarnings(site.server.logs);
  });
});

// A database server that stops answering altogether (hung, or the network drops its packets).
describe.runIf(engines.includes("postgres"))("a PostgreSQL server that stops answering", () => {
  let database: TestDatabase;
  let proxy: StallingProxy;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const url = new URL(database.env.DATABASE_URL!);
    proxy = await startStallingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = proxy.address;
    server = await startServer({ DATABASE_URL: url.toString(), DATABASE_STATEMENT_TIMEOUT_MS: "1000", TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.drop();
  });

  const readiness = async () => {
    const response = await fetch(`${server.url}/readyz`);
    return { status: response.status, body: await response.json() };
  };

  it("stays in the balancer as degraded, answers 503 where the database is needed, and recovers by itself", async () => {
    expect(await readiness()).toEqual({ status: 200, body: { status: "ready" } });
    proxy.stall();
    try {
      expect(await readiness()).toEqual({ status: 200, body: { status: "degraded", database: "unreachable" } });
      await expectRetryScreen(await postNewsletter(server.url, "unanswered@example.com"), "/newsletter");
      for (const page of ["/", "/about"]) expect((await fetch(`${server.url}${page}`)).status).toBe(200);
    } finally {
      proxy.resume();
    }
    await expect.poll(readiness).toEqual({ status: 200, body: { status: "ready" } });
    expect((await postNewsletter(server.url, "answered@example.com")).status).toBe(200);
    expectLoggedAsWarnings(server.logs);
  });
});

// SQLite: another process holding the write lock (a backup, a script) past the 5 s busy timeout.
describe("a SQLite file locked by another connection", () => {
  const site = siteForTests({ TRUST_PROXY: "1" }, "sqlite");

  it("answers 503 with a retry screen and recovers once the lock is let go", async () => {
    await whileLocked(
      site.db,
      (trx) => trx.insertInto("rate_limits").values({ key: "held", window_start: "2000-01-01T00:00:00.000Z", count: 1 }).execute(),
      async () => {
        await expectRetryScreen(await postNewsletter(site.server.url, "busy@example.com"), "/newsletter");
        expect((await fetch(`${site.server.url}/about`)).status).toBe(200);
      },
    );
    expect((await postNewsletter(site.server.url, "free@example.com")).status).toBe(200);
    expectLoggedAsWarnings(site.server.logs);
  });
});

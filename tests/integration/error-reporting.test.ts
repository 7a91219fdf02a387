import { sql, type Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "#app/lib/db/schema.ts";
import { engines } from "../setup/databases.ts";
import { rawRequest } from "../setup/raw-request.ts";
import { startSentryStandIn } from "../setup/sentry-stand-in.ts";
import { siteForTests, type RunningServer } from "../setup/server.ts";

/** Each test reports from an address of its own (the site trusts one proxy), so the per-address limit stays out of the way. */
let visitors = 0;
const newAddress = () => `198.51.100.${++visitors}`;

const goodReport = {
  kind: "error",
  message: "Cannot read properties of undefined (reading 'title')",
  stack: "TypeError: Cannot read properties of undefined (reading 'title')\n    at http://127.0.0.1/assets/home-abc.js:1:200",
  path: "/courses",
};

function postReport(
  server: RunningServer,
  body: string,
  { type = "application/json", address = newAddress(), headers = {} as Record<string, string> } = {},
) {
  return rawRequest(`${server.url}/errors`, {
    method: "POST",
    headers: { "Content-Type": type, "X-Forwarded-For": address, "User-Agent": "Mozilla/5.0 (Test) Chromium", ...headers },
    body,
  });
}

const browserLines = (server: RunningServer) => server.logs.filter((line) => line.source === "browser");

/** The browser line a report just sent writes (log lines arrive through the server's stdout, a moment later). */
async function nextBrowserLine(server: RunningServer, send: () => Promise<{ status: number }>) {
  const before = browserLines(server).length;
  expect((await send()).status).toBe(204);
  await expect.poll(() => browserLines(server).length).toBe(before + 1);
  return browserLines(server).at(-1)!;
}

/** Rows in every table: what "nothing stored" is checked against. */
async function rowCounts(db: Kysely<Database>) {
  const tables = await db.introspection.getTables();
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    counts[name] = Number(rows[0]!.n);
  }
  return counts;
}

const emailPattern = /[\w.+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/i;

describe.each(engines)("POST /errors on %s", (engine) => {
  const site = siteForTests({ TRUST_PROXY: "1" }, engine);

  it("answers 204 to a good report and writes one warn line with the request id, source browser and the report", async () => {
    const before = await rowCounts(site.db);
    const linesBefore = browserLines(site.server).length;
    const response = await postReport(
      site.server,
      JSON.stringify({ ...goodReport, componentStack: "\n    at CourseCard\n    at Courses" }),
    );
    expect(response.status).toBe(204);
    expect(response.body).toBe("");
    await expect.poll(() => browserLines(site.server).length).toBe(linesBefore + 1);
    const line = browserLines(site.server).at(-1)!;
    expect(line).toMatchObject({
      level: 40,
      msg: "browser error",
      requestId: response.headers["x-request-id"],
      source: "browser",
      kind: "error",
      message: goodReport.message,
      stack: goodReport.stack,
      componentStack: "\n    at CourseCard\n    at Courses",
      path: "/courses",
      userAgent: "Mozilla/5.0 (Test) Chromium",
    });
    expect(await rowCounts(site.db)).toEqual(before);
  });

  it("takes each kind, and a report without stacks", async () => {
    for (const kind of ["error", "unhandledrejection", "boundary"]) {
      const line = await nextBrowserLine(site.server, () =>
        postReport(site.server, JSON.stringify({ kind, message: `a ${kind}`, path: "/" })),
      );
      expect(line).toMatchObject({ kind, message: `a ${kind}`, path: "/" });
    }
  });

  it("logs no email address, query string, code or cookie, wherever the report carries them", async () => {
    const report = {
      kind: "unhandledrejection",
      message: "Could not save the profile of kavya.s+1@college.example (sid=abcdef123456)",
      stack: "Error: kavya.s+1@college.example\n    at http://127.0.0.1/signin/callback?code=SECRET-CODE&state=xyz:1:2",
      componentStack: "\n    at Profile (http://127.0.0.1/profile?email=kavya%40college.example)",
      path: "/signin/callback?code=SECRET-CODE#top",
    };
    const line = await nextBrowserLine(site.server, () =>
      postReport(site.server, JSON.stringify(report), { headers: { Cookie: "sid=abcdef123456; feedback_author=zzz999" } }),
    );
    expect(line.message).toBe("Could not save the profile of [email] (sid=[removed])");
    expect(line.path).toBe("/signin/callback");
    const text = JSON.stringify(line);
    expect(text).not.toMatch(emailPattern);
    expect(text).not.toContain("kavya");
    expect(text).not.toContain("SECRET-CODE");
    expect(text).not.toContain("abcdef123456");
    expect(text).not.toContain("zzz999");
  });

  it("cuts long texts instead of refusing them", async () => {
    const line = await nextBrowserLine(site.server, () =>
      postReport(
        site.server,
        JSON.stringify({ kind: "error", message: "m".repeat(5000), stack: "s".repeat(9000), path: `/${"p".repeat(3000)}` }),
      ),
    );
    expect(line.message).toBe("m".repeat(1000));
    expect(line.stack).toBe("s".repeat(4000));
    expect(String(line.path)).toHaveLength(2048);
  });

  describe("refuses, with a sentence, logs nothing and stores nothing", () => {
    const refusals: Array<{ what: string; body: string; type?: string; status: number; message: RegExp }> = [
      {
        what: "a body over 32 KB",
        body: JSON.stringify({ ...goodReport, stack: "x".repeat(40 * 1024) }),
        status: 413,
        message: /at most 32 KB/,
      },
      { what: "JSON cut short", body: '{"kind":"error","message":"bo', status: 400, message: /not valid JSON/ },
      {
        what: "an unknown kind",
        body: JSON.stringify({ ...goodReport, kind: "warning" }),
        status: 400,
        message: /kind must be "error", "unhandledrejection" or "boundary"/,
      },
      { what: "no message", body: JSON.stringify({ kind: "error", path: "/" }), status: 400, message: /message must be text/ },
      {
        what: "an empty message",
        body: JSON.stringify({ ...goodReport, message: "  " }),
        status: 400,
        message: /message must not be empty/,
      },
      { what: "a stack that is no text", body: JSON.stringify({ ...goodReport, stack: 42 }), status: 400, message: /stack must be text/ },
      { what: "no path", body: JSON.stringify({ kind: "error", message: "x" }), status: 400, message: /path must be text/ },
      { what: "a list instead of an object", body: "[1,2]", status: 400, message: /a JSON object with kind, message and path/ },
      {
        what: "text/plain",
        body: JSON.stringify(goodReport),
        type: "text/plain;charset=UTF-8",
        status: 415,
        message: /takes JSON \(application\/json\)/,
      },
      {
        what: "a form",
        body: new URLSearchParams({ kind: "error", message: "x", path: "/" }).toString(),
        type: "application/x-www-form-urlencoded",
        status: 415,
        message: /sent as JSON, with the header Content-Type: application\/json/,
      },
    ];

    it.each(refusals)("$what: $status", async ({ body, type, status, message }) => {
      const before = await rowCounts(site.db);
      const linesBefore = browserLines(site.server).length;
      const response = await postReport(site.server, body, { type });
      expect(response.status).toBe(status);
      expect(response.headers["content-type"]).toMatch(/^text\/plain/);
      expect(response.body).toMatch(message);
      if (status === 415) expect(response.headers["accept-post"]).toContain("application/json");
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(browserLines(site.server)).toHaveLength(linesBefore);
      expect(await rowCounts(site.db)).toEqual(before);
    });

    it("a report sent from another site: 403", async () => {
      const linesBefore = browserLines(site.server).length;
      const response = await postReport(site.server, JSON.stringify(goodReport), { headers: { Origin: "https://elsewhere.example" } });
      expect(response.status).toBe(403);
      expect(browserLines(site.server)).toHaveLength(linesBefore);
    });

    it("GET: 405, Allow: POST", async () => {
      const response = await rawRequest(`${site.server.url}/errors`);
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe("POST");
    });
  });

  it("takes twenty reports a minute from one address, then answers 429 with Retry-After, logs nothing more and stores nothing", async () => {
    const address = newAddress();
    const before = await rowCounts(site.db);
    const linesBefore = browserLines(site.server).length;
    for (let i = 0; i < 20; i++) expect((await postReport(site.server, JSON.stringify(goodReport), { address })).status).toBe(204);
    await expect.poll(() => browserLines(site.server).length).toBe(linesBefore + 20);
    const refused = await postReport(site.server, JSON.stringify(goodReport), { address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(refused.body).toContain("Too many error reports from your network. Please try again in a minute.");
    // Even garbage counts, and is refused before it is read.
    expect((await postReport(site.server, "not json", { address })).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(browserLines(site.server)).toHaveLength(linesBefore + 20);
    // Another address is not held back.
    expect((await postReport(site.server, JSON.stringify(goodReport))).status).toBe(204);
    expect(await rowCounts(site.db)).toEqual(before);
  });

  it("sends no Sentry script and allows no other origin when SENTRY_DSN is not set", async () => {
    const response = await fetch(`${site.server.url}/`);
    expect(response.headers.get("content-security-policy")).toMatch(/connect-src 'self';/);
    const html = await response.text();
    expect(html).not.toContain("sentrySettings");
    expect(html).not.toMatch(/sentry-browser/);
  });
});

describe.each(engines)("with SENTRY_DSN on %s", async (engine) => {
  const sentry = await startSentryStandIn();
  afterAll(() => sentry.close());
  const site = siteForTests({ TRUST_PROXY: "1", SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: "staging" }, engine);

  it("allows the DSN's origin (and only it) in connect-src, and gives pages the SDK with the public key, environment and release", async () => {
    const response = await fetch(`${site.server.url}/`);
    expect(response.headers.get("content-security-policy")).toContain(`connect-src 'self' ${sentry.origin};`);
    const html = await response.text();
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1];
    const settings = /<script nonce="([^"]+)"[^>]*>self\.sentrySettings = (\{.*?\});<\/script>/.exec(html);
    expect(settings?.[1]).toBe(nonce);
    expect(JSON.parse(settings![2]!)).toEqual({
      dsn: sentry.dsn,
      environment: "staging",
      release: expect.stringMatching(/^college-elearning@\w+$/),
    });
    expect(html).toContain(`<script type="module" src="/assets/sentry-browser-`);
  });

  it("sends a server error once, with its request id, release and environment, and no cookie, query string or email address", async () => {
    await sql`alter table sessions rename to sessions_away`.execute(site.db);
    try {
      const response = await rawRequest(`${site.server.url}/profile?code=SECRET-CODE&email=kavya@college.example`, {
        headers: {
          Cookie: "sid=cookie-value-123; feedback_author=author-456",
          Referer: `${site.server.url}/signin/callback?code=OTHER-CODE`,
          Authorization: "Bearer token-789",
          "X-Forwarded-For": "203.0.113.9",
          "X-Real-IP": "203.0.113.10",
          Forwarded: 'for=203.0.113.11;proto=http, for="[2001:db8::12]"',
        },
      });
      expect(response.status).toBe(500);
      const requestId = response.headers["x-request-id"];
      const { envelope, event } = (await sentry.waitForEvents(1))[0]!;
      expect(event).toMatchObject({ environment: "staging", release: expect.stringMatching(/^college-elearning@\w+$/), level: "error" });
      expect(JSON.stringify((event.exception as { values: unknown[] }).values)).toMatch(/sessions/);
      expect((event.contexts as { pino: Record<string, unknown> }).pino).toMatchObject({
        requestId,
        msg: "request failed",
        path: "/profile",
      });
      for (const secret of [
        "SECRET-CODE",
        "OTHER-CODE",
        "kavya",
        "cookie-value-123",
        "author-456",
        "token-789",
        "203.0.113.",
        "2001:db8",
      ]) {
        expect(envelope.text).not.toContain(secret);
      }
      expect(envelope.text).not.toMatch(emailPattern);
      // Not even their names: the SDK masks the values of the headers it does not keep, but may leave their names in.
      const sentHeaders = Object.keys((event.request as { headers?: Record<string, unknown> }).headers ?? {}).map((name) =>
        name.toLowerCase(),
      );
      expect(sentHeaders.length).toBeGreaterThan(0);
      for (const name of ["cookie", "authorization", "x-forwarded-for", "x-real-ip", "forwarded"]) expect(sentHeaders).not.toContain(name);
      // Logged once as an error, with the path only; the access-log line of the 500 is no second event.
      const errorLines = site.server.logs.filter((line) => line.requestId === requestId && line.level === 50 && line.err);
      expect(errorLines).toHaveLength(1);
      expect(errorLines[0]).toMatchObject({ msg: "request failed", path: "/profile" });
      expect(JSON.stringify(site.server.logs.filter((line) => line.requestId === requestId))).not.toMatch(/SECRET-CODE|kavya/);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(sentry.events()).toHaveLength(1);
    } finally {
      await sql`alter table sessions_away rename to sessions`.execute(site.db);
    }
  });

  it("sends nothing for a page that is not found", async () => {
    const before = sentry.events().length;
    expect((await fetch(`${site.server.url}/no-such-page`)).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sentry.events()).toHaveLength(before);
  });
});

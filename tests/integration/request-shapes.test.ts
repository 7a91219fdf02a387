import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questionsByQuiz } from "#app/content/quiz-questions/index.server.ts";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { registeredBrowser, testPassword } from "../setup/accounts.ts";
import type { TestBrowser } from "../setup/http-client.ts";
import { rawRequest } from "../setup/raw-request.ts";
import { startSite, type RunningSite } from "../setup/server.ts";

// Pages take GET, HEAD and POST, and a POST is a form (URL-encoded or multipart): anything
// else is refused with a 4xx and a sentence, before any action runs, and never logged as an error.

let server: RunningSite;
let handle: DatabaseHandle;
/** Signed in, so that every action below would store what it was given, if it read it. */
let browser: TestBrowser;

beforeAll(async () => {
  server = await startSite();
  handle = server.database.open();
  ({ browser } = await registeredBrowser(server.url));
});
afterAll(async () => {
  await handle?.close();
  await server?.stop();
});

const java = questionsByQuiz.java!;

/** What each route's form sends, filled in well enough that the action would store it. */
const posts: Array<{ path: string; fields: Record<string, string>; stored: () => Promise<unknown[]> }> = [
  {
    path: "/register",
    fields: { name: "Shape Tester", phone: "9840012345", email: "shape@example.com", password1: testPassword, password2: testPassword },
    stored: () => handle.db.selectFrom("accounts").select("email").where("email", "=", "shape@example.com").execute(),
  },
  {
    path: "/newsletter",
    fields: { email: "shape@example.com" },
    stored: () => handle.db.selectFrom("newsletter_subscriptions").select("email").where("email", "=", "shape@example.com").execute(),
  },
  {
    path: "/test/java",
    fields: { current: java.at(-1)!.id, ...Object.fromEntries(java.map((q) => [`q.${q.id}`, "0"])) },
    stored: () => handle.db.selectFrom("quiz_attempts").selectAll().execute(),
  },
  {
    path: "/progress",
    fields: { course: "java", lesson: "1", position: "42" },
    stored: () => handle.db.selectFrom("lesson_progress").selectAll().where("position_seconds", "=", 42).execute(),
  },
];

/** A multipart body as browsers send it, optionally cut off before its closing boundary. */
function multipart(fields: Record<string, string>, boundary: string, { complete = true } = {}) {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return parts.join("") + (complete ? `--${boundary}--\r\n` : "");
}

const shapes: Array<{ shape: string; status: number; message: RegExp; body: (fields: Record<string, string>) => string; type?: string }> = [
  { shape: "JSON", status: 415, message: /takes only forms/, type: "application/json", body: (f) => JSON.stringify(f) },
  {
    shape: "text/plain",
    status: 415,
    message: /takes only forms/,
    type: "text/plain;charset=UTF-8",
    body: (f) => new URLSearchParams(f).toString(),
  },
  { shape: "no Content-Type", status: 415, message: /takes only forms/, body: (f) => new URLSearchParams(f).toString() },
  {
    shape: "multipart cut short",
    status: 400,
    message: /could not be read/,
    type: "multipart/form-data; boundary=cut-short",
    body: (f) => multipart(f, "cut-short", { complete: false }),
  },
  {
    // PostgreSQL refuses to store it, which would surface as a 500.
    shape: "a NUL character in a field",
    status: 400,
    message: /a character that cannot be stored/,
    type: "application/x-www-form-urlencoded",
    body: (f) =>
      new URLSearchParams(
        Object.fromEntries(Object.entries(f).map(([name, value], i) => [name, i === 0 ? `${value}\u0000` : value])),
      ).toString(),
  },
  {
    shape: "multipart without its boundary",
    status: 400,
    message: /could not be read/,
    type: "multipart/form-data",
    body: (f) => multipart(f, "unnamed"),
  },
];

describe("bodies that are not forms", () => {
  const cases = posts.flatMap((post) => shapes.map((shape) => ({ ...post, ...shape })));

  it.each(cases)(
    "$path refuses $shape with $status and a sentence, and stores nothing",
    async ({ path, fields, stored, body, type, status, message }) => {
      const url = `${server.url}${path}`;
      const response = await rawRequest(url, {
        method: "POST",
        headers: { Cookie: browser.jar.headerFor(new URL(url)), ...(type ? { "Content-Type": type } : {}) },
        body: body(fields),
      });
      expect(response.status).toBe(status);
      expect(response.headers["content-type"]).toMatch(/^text\/plain/);
      expect(response.body).toMatch(message);
      if (status === 415) expect(response.headers["accept-post"]).toBe("application/x-www-form-urlencoded, multipart/form-data");
      expect(await stored()).toEqual([]);
    },
  );

  it("takes a POST with no body at all as an empty form, which the action then refuses itself", async () => {
    const response = await rawRequest(`${server.url}/newsletter`, { method: "POST" });
    expect(response.status).toBe(400);
    expect(response.body).toContain("Please enter your email address.");
  });

  it("lets JSON through only to the paths listed for it (the feedback API's /feedback/new)", async () => {
    const json = { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" };
    expect((await rawRequest(`${server.url}/feedback/new`, json)).status).not.toBe(415);
    expect((await rawRequest(`${server.url}/feedback`, json)).status).toBe(415);
  });
});

describe("methods no page takes", () => {
  const cases = ["/", "/courses", "/register", "/newsletter", "/progress"].flatMap((path) =>
    ["PUT", "DELETE", "PATCH", "TRACE", "OPTIONS", "PROPFIND"].map((method) => ({ path, method })),
  );

  it.each(cases)("$method $path is 405 with Allow", async ({ path, method }) => {
    const response = await rawRequest(`${server.url}${path}`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD, POST");
    expect(response.body).toContain(`does not take ${method} requests`);
  });
});

describe("the site's own forms still pass", () => {
  it("a URL-encoded newsletter sign-up", async () => {
    const response = await fetch(`${server.url}/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "urlencoded@example.com" }),
    });
    expect(response.status).toBe(200);
    expect(
      await handle.db.selectFrom("newsletter_subscriptions").select("email").where("email", "=", "urlencoded@example.com").execute(),
    ).toHaveLength(1);
  });

  it("a multipart newsletter sign-up, and the lesson player's multipart progress report", async () => {
    const signUp = new FormData();
    signUp.set("email", "multipart@example.com");
    expect((await fetch(`${server.url}/newsletter`, { method: "POST", body: signUp })).status).toBe(200);
    expect(
      await handle.db.selectFrom("newsletter_subscriptions").select("email").where("email", "=", "multipart@example.com").execute(),
    ).toHaveLength(1);

    const report = new FormData();
    for (const [name, value] of Object.entries({ course: "java", lesson: "2", position: "9" })) report.set(name, value);
    expect((await browser.request("/progress", { method: "POST", body: report })).status).toBe(204);
    expect(await handle.db.selectFrom("lesson_progress").select("position_seconds").where("lesson_id", "=", "java-02").execute()).toEqual([
      { position_seconds: 9 },
    ]);
  });
});

describe("logs", () => {
  it("has no error entry after all of the above", () => {
    expect(server.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questionsByQuiz } from "#app/content/seeds/quiz-questions/index.server.ts";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { registeredBrowser, registerIn, testPassword } from "../setup/accounts.ts";
import { engines } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { rawRequest, wireRequest } from "../setup/raw-request.ts";
import { siteForTests, startSite, type RunningSite } from "../setup/server.ts";
import { until } from "../setup/waiting.ts";

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

describe("request targets (RFC 9112 §3.2)", () => {
  const host = () => new URL(server.url).host;
  const wire = (line: string, headers = `Host: ${host()}\r\n`) => wireRequest(server.url, `${line}\r\n${headers}Connection: close\r\n\r\n`);

  it("answers an absolute-form target as the path it names", async () => {
    const response = await wire(`GET ${server.url}/about?x=1 HTTP/1.1`);
    expect(response.status).toBe(200);
    expect(response.head).toMatch(/content-type: text\/html/i);
    // Its authority takes the place of Host, even a wrong one.
    const misdirected = await wire(`GET ${server.url}/courses HTTP/1.1`, "Host: evil.example\r\n");
    expect(misdirected.status).toBe(200);
  });

  it("sends an absolute-form target naming another host to PUBLIC_URL, as it does a Host header naming it", async () => {
    const response = await wire(`GET http://evil.example/about?x=1 HTTP/1.1`);
    expect(response.status).toBe(308);
    expect(response.head).toMatch(new RegExp(`\r\nlocation: ${server.url}/about\\?x=1\r\n`, "i"));
  });

  it("takes an absolute-form target without a path as the home page", async () => {
    expect((await wire(`GET ${server.url} HTTP/1.1`)).status).toBe(200);
  });

  it("answers OPTIONS * with 204 and what the server takes", async () => {
    const response = await wire("OPTIONS * HTTP/1.1");
    expect(response.status).toBe(204);
    expect(response.head).toMatch(/\r\nallow: OPTIONS, GET, HEAD, POST\r\n/i);
  });

  it.each(["GET * HTTP/1.1", "POST * HTTP/1.1", "GET ftp://example.com/about HTTP/1.1", "GET http://a@b/about HTTP/1.1"])(
    "refuses %s with 400 and a sentence",
    async (line) => {
      const response = await wire(line);
      expect(response.status).toBe(400);
      expect(response.body).toContain("The site cannot read this request's target.");
    },
  );
});

describe("logs", () => {
  it("writes what a library prints as one JSON line, once for one request (React Router warns twice about an address it cannot decode)", async () => {
    const response = await fetch(`${server.url}/%zz-once`);
    expect(response.status).toBe(400);
    await until(() => server.logs.some((line) => String(line.msg).includes('"/%zz-once"')), "the warning in the log");
    await fetch(`${server.url}/healthz`);
    const warnings = server.logs.filter((line) => String(line.msg).includes('"/%zz-once"'));
    expect(warnings).toEqual([expect.objectContaining({ level: 40, source: "console" })]);
  });

  it("has no error entry after all of the above", () => {
    expect(server.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

describe.each(engines)("text no database keeps, on %s", (engine) => {
  const email = `root-shapes-${process.pid}@college.example`;
  const site = siteForTests({ TRUST_PROXY: "1", ADMIN_EMAILS: email }, engine);
  let admin: TestBrowser;
  beforeAll(async () => {
    admin = new TestBrowser(site.server.url, "198.51.100.40");
    await registerIn(admin, email, "Shapes Admin");
  });

  // Each looked up a course, quiz, attempt, account or token with the NUL in it: on PostgreSQL a 500.
  const paths = [
    "/staff/courses/a%00b",
    "/staff/courses/a%00b/stats",
    "/staff/courses/a%00b/preview",
    "/staff/courses/a%00b/stats.csv?table=lessons",
    "/staff/courses/java/lessons/a%00b",
    "/staff/quizzes/a%00b",
    "/staff/quizzes/a%00b/preview",
    "/staff/quizzes/a%00b/export.gift",
    "/staff/quizzes/a%00b/results",
    "/staff/quizzes/a%00b/results.csv",
    "/staff/accounts?q=a%00b",
    "/staff/audit?q=a%00b",
    "/staff/messages?before=2026-01-01T00:00:00.000Z_a%00b",
    "/test/java/attempts/a%00b",
    "/feedback/a%00b",
    "/courses/a%00b",
    "/library?q=a%00b",
    "/reset-password?token=a%00b",
    "/idp/auth?client_id=a%00b",
    "/media/a%00b",
    // Beside a malformed escape, which leaves the whole path undecodable while each part decodes.
    "/courses/a%00b/%zz",
    "/staff/courses/a%00b/%E0",
    "/test/java/attempts/a%00b%",
  ];

  it.each(paths)("answers %s with 400 and a sentence, before any query", async (path) => {
    const response = await admin.request(path);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      "This address contains a character that cannot be read (a NUL character, written %00). Please check the link.",
    );
  });

  it("refuses a form posted to an address with a NUL in it, before its action runs", async () => {
    const response = await admin.postForm("/staff/courses/a%00b", { intent: "publish" });
    expect(response.status).toBe(400);
  });

  const upload = (path: string, fields: Record<string, string>, file: { name: string; field: string; text: string }) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set(file.field, new Blob([file.text], { type: "text/plain" }), file.name);
    return admin.request(path, { method: "POST", body: form });
  };
  const questions = () => site.db.selectFrom("quiz_questions").select("id").where("quiz_slug", "=", "java").execute();

  it.each([
    ["GIFT", "gift", "::Q1:: What is 2+2? {=4 ~3 ~5}\n\n::Q2:: What is\u0000 3+3? {=6 ~5 ~7}\n", 3],
    ["CSV", "csv", "question,option1,option2,answer\nWhat is 2+2?,4,3,4\nWhat\u0000?,a,b,a\n", 3],
  ])("refuses a %s file of questions holding a NUL, saying on which line, and imports nothing", async (_, format, text, line) => {
    const before = await questions();
    const response = await upload("/staff/quizzes/java", { intent: "import", format }, { name: `quiz.${format}`, field: "file", text });
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(`Nothing was imported: line ${line} holds a NUL character`);
    expect(await questions()).toEqual(before);
  });

  it("refuses captions holding a NUL, saying on which line, and keeps the lesson's captions", async () => {
    const captions = () => site.db.selectFrom("lesson_captions").selectAll().where("lesson_id", "=", "java-01").execute();
    const before = await captions();
    const text = "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\u0000\n";
    const response = await upload(
      "/staff/courses/java/lessons/java-01",
      { intent: "captions", language: "en" },
      { name: "c.vtt", field: "captions", text },
    );
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("Line 4: this line holds a NUL character");
    expect(await captions()).toEqual(before);
  });

  it("reads a cookie holding a NUL as absent: the page answers as to a visitor without it", async () => {
    const response = await fetch(`${site.server.url}/staff/courses`, { headers: { Cookie: "sid=a%00b" }, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/signin?return_to=%2Fstaff%2Fcourses");
    const feedback = await fetch(`${site.server.url}/feedback`, { headers: { Cookie: "feedback_author=%00" } });
    expect(feedback.status).toBe(200);
    expect(visibleText(await feedback.text())).toContain("Give your Feedback");
  });

  it("leaves Node to refuse a NUL byte in a header", async () => {
    const host = new URL(site.server.url).host;
    const response = await wireRequest(
      site.server.url,
      `GET /about HTTP/1.1\r\nHost: ${host}\r\nCookie: sid=a\u0000b\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(400);
  });

  it.each([
    ["X-Forwarded-Proto", "}(", "X-Forwarded-Proto must be http or https."],
    ["X-Forwarded-Host", "a b", "The Host header does not name a host."],
  ])("refuses the trusted proxy's %s of %j, from which no address can be built", async (name, value, message) => {
    const response = await rawRequest(`${site.server.url}/about`, { headers: { [name]: value } });
    expect(response.status).toBe(400);
    expect(response.body).toBe(message);
  });
  it("logged no error", () => {
    expect(site.server.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

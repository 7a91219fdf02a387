import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questionsByQuiz } from "#app/content/seeds/quiz-questions/index.server.ts";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { registerIn } from "../setup/accounts.ts";
import { engines } from "../setup/databases.ts";
import {
  hostileRequests,
  hostileUploadRequests,
  kinds,
  pathsOutsideRoutes,
  places,
  routePatterns,
  wireHead,
  type HostileRequest,
} from "../setup/hostile-requests.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { wireRequest } from "../setup/raw-request.ts";
import { startSite, type RunningSite } from "../setup/server.ts";

// Every route of app/routes.ts, and every path answered outside it, with each kind of hostile value
// (tests/setup/hostile-requests.ts) in each place a value can come from, one sample each (a new one
// each run): never a 5xx, and no error in the server's log.

const patterns = [...routePatterns(), ...pathsOutsideRoutes];
const cases = places.flatMap((place) => kinds.map((kind) => ({ place, kind })));

describe.each(engines)("every route under hostile requests on %s", (engine) => {
  let site: RunningSite;
  let handle: DatabaseHandle;
  let media: string;
  let adminCookie = "";
  /** Parameter values that name records, so that what comes with them is read too. */
  const good: Record<string, string> = {
    slug: "java",
    lesson: "java-01",
    quiz: "java",
    "*": "java",
    uid: "no-such-interaction",
    upload: "0".repeat(32),
  };
  /** Routes that send visitors to sign in: always asked as an administrator, who may open every page. */
  const signInOnly = new Set<string>();

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), "fuzz-media-"));
    const adminEmail = `root-fuzz-${process.pid}@college.example`;
    site = await startSite({ TRUST_PROXY: "1", MEDIA_DIR: media, ADMIN_EMAILS: adminEmail }, engine);
    handle = site.database.open();
    const admin = new TestBrowser(site.url, "198.51.100.77");
    await registerIn(admin, adminEmail, "Fuzz Admin");
    adminCookie = admin.jar.headerFor(new URL("/staff", site.url));
    const java = questionsByQuiz.java!;
    await admin.postForm("/test/java", { current: java.at(-1)!.id, ...Object.fromEntries(java.map((q) => [`q.${q.id}`, "0"])) });
    await admin.postForm("/feedback/new", { name: "Fuzz", comment: "A post to point at.", rating: "4" });
    good.attempt = (await handle.db.selectFrom("quiz_attempts").select("id").executeTakeFirstOrThrow()).id;
    good.id = (await handle.db.selectFrom("feedback_posts").select("id").executeTakeFirstOrThrow()).id;
    for (const pattern of patterns) {
      const visit = await fetch(site.url + goodPath(pattern), { redirect: "manual" });
      await visit.arrayBuffer();
      if (visit.headers.get("location")?.startsWith("/signin")) signInOnly.add(pattern);
    }
  });
  afterAll(async () => {
    await handle?.close();
    await site?.stop();
    rmSync(media, { recursive: true, force: true });
  });

  const goodValue = (param: string) => good[param] ?? "x";
  const goodPath = (pattern: string) => pattern.replace(/:(\w+)|\*/g, (_, name: string | undefined) => goodValue(name ?? "*"));

  let sent = 0;
  const send = (request: HostileRequest, signedIn: boolean) => {
    sent += 1;
    // An address per request: the per-address limits are tested elsewhere.
    const common: Array<[string, string]> = [["X-Forwarded-For", `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`]];
    if (signedIn) common.push(["Cookie", adminCookie]);
    return wireRequest(site.url, wireHead(request, new URL(site.url).host, common), request.body);
  };

  it("knows which routes are for signed-in people", () => {
    expect([...signInOnly]).toEqual(expect.arrayContaining(["/staff/courses/:slug", "/profile", "/test/:quiz/attempts/:attempt"]));
  });

  it.each(patterns)("%s never answers 5xx", async (pattern) => {
    // The cases of one route side by side, as a site is used.
    await Promise.all(
      cases.map(({ place, kind }) =>
        fc.assert(
          fc.asyncProperty(hostileRequests(pattern, place, kind, goodValue), fc.boolean(), async (request, signedIn) => {
            // Logging out would end the administrator's session for the requests after this one.
            const loggingOut = request.method === "POST" && pattern === "/logout";
            const asAdministrator = !loggingOut && (signInOnly.has(pattern) || signedIn);
            const response = await send(request, asAdministrator);
            const what = `${place}, ${kind}${asAdministrator ? ", as an administrator" : ""}: ${request.method} ${request.target.slice(0, 200)}`;
            expect(response.status, `${what}\n${response.head}`).toBeLessThan(500);
          }),
          { numRuns: 1 },
        ),
      ),
    );
  });

  it.each(kinds)("the upload protocol (POST, HEAD, PATCH, DELETE) never answers 5xx with %s values, signed in or not", async (kind) => {
    // An upload of the administrator's, so that the hostile requests reach one that exists.
    const started = await send(
      {
        method: "POST",
        target: "/staff/uploads",
        headers: [
          ["Tus-Resumable", "1.0.0"],
          ["Upload-Length", "1000"],
          ["Upload-Metadata", `lesson ${Buffer.from("java-01").toString("base64")}`],
        ],
      },
      true,
    );
    expect(started.status).toBe(201);
    const upload = /^location: .*\/([^/\s]+)$/im.exec(started.head)![1]!;
    await fc.assert(
      fc.asyncProperty(hostileUploadRequests(kind, upload), fc.boolean(), async (request, signedIn) => {
        const response = await send(request, signedIn);
        const what = `${kind}${signedIn ? ", as an administrator" : ""}: ${request.method} ${request.target.slice(0, 200)}`;
        expect(response.status, `${what}\n${response.head}`).toBeLessThan(500);
      }),
      { numRuns: 30 },
    );
  });

  it("logged no error", () => {
    const errors = site.logs.filter((line) => Number(line.level) >= 50);
    expect(errors.map((line) => JSON.stringify(line).slice(0, 600))).toEqual([]);
  });
});

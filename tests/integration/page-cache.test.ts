import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raiseContentVersion } from "#app/lib/content-versions/content-versions.server.ts";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { registeredBrowser } from "../setup/accounts.ts";
import { engines } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { postFeedbackAs } from "../setup/feedback.ts";
import { startSite, type RunningSite } from "../setup/server.ts";
import { pause } from "../setup/waiting.ts";

/** The inline scripts of a page (those without src, and not data a script reads), as a browser hashes them for its CSP. */
function inlineScriptHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!attributes!.includes("src=") && !attributes!.includes('type="application/json"'))
      hashes.add(`'sha256-${createHash("sha256").update(content!).digest("base64")}'`);
  }
  return hashes;
}
const scriptSources = (response: Response) =>
  /script-src ([^;]+)/
    .exec(response.headers.get("content-security-policy") ?? "")![1]!
    .split(" ")
    .filter((source) => source !== "'self'");
const wasStored = (response: Response) => response.headers.get("x-page-cache") === "hit";

describe.each(engines)("page cache on %s", (engine) => {
  let site: RunningSite;
  let handle: DatabaseHandle;
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), "page-cache-media-"));
    mkdirSync(join(mediaDir, "java"));
    site = await startSite({ TRUST_PROXY: "1", MEDIA_DIR: mediaDir }, engine);
    handle = site.database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await site?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(site.url + path, { headers });
  /** Asks until the answer comes from the store (a page is kept once compressed, just after its render). */
  async function storedAnswer(path: string, headers: Record<string, string> = {}): Promise<Response> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const response = await get(path, headers);
      if (wasStored(response)) return response;
      await response.arrayBuffer();
      await pause(20);
    }
    throw new Error(`${path} was never answered from the page cache`);
  }
  /** Asks until the page shows `text`, for at most `withinMs`; says how long it took. */
  async function shows(path: string, text: string, withinMs: number): Promise<number> {
    const started = Date.now();
    while (!visibleText(await (await get(path)).text()).includes(text)) {
      if (Date.now() - started > withinMs) throw new Error(`${path} did not show "${text}" within ${withinMs} ms`);
      await pause(25);
    }
    return Date.now() - started;
  }

  it("renders each page with a nonce of its own, then sends the kept copy with its inline scripts' hashes instead", async () => {
    // With a cookie, a request is always rendered: each render has a nonce of its own, in its scripts.
    const rendered = [await get("/test/java", { Cookie: "seen=1" }), await get("/test/java", { Cookie: "seen=1" })];
    const nonces = rendered.map((response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1]!);
    const [firstHtml, secondHtml] = [await rendered[0]!.text(), await rendered[1]!.text()];
    expect(firstHtml).toContain(`nonce="${nonces[0]}"`);
    expect(secondHtml).toContain(`nonce="${nonces[1]}"`);
    expect(nonces[0]).not.toBe(nonces[1]);

    const kept = await storedAnswer("/test/java");
    const html = await kept.text();
    expect(html).not.toContain("nonce=");
    expect(kept.headers.get("content-security-policy")).not.toContain("'nonce-");
    // Exactly the page's inline scripts are allowed, and there are some (React Router's data and start).
    const hashes = inlineScriptHashes(html);
    expect(hashes.size).toBeGreaterThan(1);
    expect(new Set(scriptSources(kept))).toEqual(hashes);
    expect(visibleText(html)).toBe(visibleText(firstHtml));
  });

  it("keeps only what visitors see: a signed-in person gets the kept page with their parts filled in, and their parts are never kept", async () => {
    const { browser } = await registeredBrowser(site.url);
    // Their page first, at an address nobody asked for yet: the page everyone sees is rendered and
    // kept, and theirs is that page with their name filled in.
    const theirs = await browser.request("/about?signed-in-first");
    expect(theirs.headers.get("x-page-cache")).toBe("filled");
    const theirHtml = await theirs.text();
    expect(visibleText(theirHtml)).toContain("Test Learner");
    expect(visibleText(theirHtml)).not.toContain("Join Now");
    // Their page's scripts are the kept page's, allowed by their hashes: no nonce was given out.
    expect(theirs.headers.get("content-security-policy")).not.toContain("'nonce-");
    expect(new Set(scriptSources(theirs))).toEqual(inlineScriptHashes(theirHtml));
    const visitor = await get("/about?signed-in-first");
    expect(wasStored(visitor)).toBe(true);
    const visitorHtml = await visitor.text();
    expect(visitorHtml).not.toContain("Test Learner");
    expect(visibleText(visitorHtml)).toContain("Join Now");

    // A page kept for visitors, then asked for by them: filled in with their name; visitors' unchanged.
    expect(visibleText(await (await storedAnswer("/about")).text())).not.toContain("Test Learner");
    const signedIn = await browser.request("/about");
    expect(signedIn.headers.get("x-page-cache")).toBe("filled");
    expect(visibleText(await signedIn.text())).toContain("Test Learner");
    expect(await (await storedAnswer("/about")).text()).not.toContain("Test Learner");
  });

  it("shows a new feedback post on the very next request", async () => {
    await (await storedAnswer("/feedback")).arrayBuffer();
    const comment = `Posted while the wall was kept (${engine}).`;
    expect((await postFeedbackAs(site.url, "198.51.100.77", comment)).status).toBe(303);
    const next = await get("/feedback");
    expect(wasStored(next)).toBe(false);
    expect(visibleText(await next.text())).toContain(comment);
  });

  it("shows a change made by another process (an import, another instance) within a second", async () => {
    await (await storedAnswer("/feedback")).arrayBuffer();
    const comment = `Written by another process (${engine}).`;
    await handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("feedback_posts")
        .values({
          id: `${Date.now().toString(16).padStart(12, "0")}000000000001`,
          name: "Arun P",
          comment,
          image: null,
          rating: 4,
          created_at: new Date().toISOString(),
          author_sub: null,
          author_token_hash: null,
          hidden_at: null,
          hidden_by: null,
        })
        .execute();
      await raiseContentVersion(trx, "feedback");
    });
    expect(await shows("/feedback", comment, 1000)).toBeLessThanOrEqual(1000);
  });

  it("shows a lesson's new video file at once", async () => {
    const unavailable = await storedAnswer("/courses/java");
    expect(await unavailable.text()).toContain("This lesson&#x27;s video is not available yet.");
    copyFileSync("media/java/01.mp4", join(mediaDir, "java", "01.mp4"));
    expect(await shows("/courses/java", "Download the lesson video", 1000)).toBeLessThan(1000);
  });

  it("answers HEAD, ETag revalidation and each Accept-Encoding from the kept copy, varying by Accept-Encoding", async () => {
    const plain = await storedAnswer("/courses", { "Accept-Encoding": "identity" });
    const html = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")?.toLowerCase()).toContain("accept-encoding");
    expect(plain.headers.get("cache-control")).toBe("private, no-cache");

    const compressed = await Promise.all(
      ["br", "gzip"].map(async (encoding) => {
        const response = await storedAnswer("/courses", { "Accept-Encoding": encoding });
        expect(response.headers.get("content-encoding")).toBe(encoding);
        // Node's fetch decodes the body; compare it with the plain one.
        expect(await response.text()).toBe(html);
        return [encoding, response.headers.get("etag")!] as const;
      }),
    );
    const etagOf = new Map([["identity", plain.headers.get("etag")!], ...compressed]);
    expect(new Set(etagOf.values()).size).toBe(3);

    for (const [encoding, etag] of etagOf) {
      const again = await get("/courses", { "If-None-Match": etag, "Accept-Encoding": encoding });
      expect(again.status, encoding).toBe(304);
      expect(await again.text()).toBe("");
      // Another encoding's ETag is not this copy's.
      const other = await get("/courses", { "If-None-Match": etag, "Accept-Encoding": encoding === "br" ? "gzip" : "br" });
      expect(other.status, encoding).toBe(200);
      await other.arrayBuffer();
    }
    const changedTag = await get("/courses", { "If-None-Match": '"something-else"', "Accept-Encoding": "identity" });
    expect(changedTag.status).toBe(200);
    expect(await changedTag.text()).toBe(html);

    const head = await fetch(`${site.url}/courses`, { method: "HEAD", headers: { "Accept-Encoding": "identity" } });
    expect(head.status).toBe(200);
    expect(wasStored(head)).toBe(true);
    expect(Number(head.headers.get("content-length"))).toBe(Buffer.byteLength(html));
    expect(await head.text()).toBe("");
  });

  it("sends the bytes each encoding names (decoded by hand, not by fetch)", async () => {
    const { request } = await import("node:http");
    const raw = (encoding: string) =>
      new Promise<{ body: Buffer; encoding?: string }>((resolve, reject) => {
        request(`${site.url}/courses`, { headers: { "Accept-Encoding": encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ body: Buffer.concat(chunks), encoding: response.headers["content-encoding"] }));
        })
          .on("error", reject)
          .end();
      });
    await storedAnswer("/courses", { "Accept-Encoding": "br" });
    const [br, gzip, identity] = await Promise.all([raw("br"), raw("gzip"), raw("identity")]);
    expect([br.encoding, gzip.encoding, identity.encoding]).toEqual(["br", "gzip", undefined]);
    expect(brotliDecompressSync(br.body).toString()).toBe(identity.body.toString());
    expect(gunzipSync(gzip.body).toString()).toBe(identity.body.toString());
  });

  it("gives a JSON client of the wall JSON, whatever HTML page is kept (the wall varies by Accept)", async () => {
    await (await storedAnswer("/feedback")).arrayBuffer();
    const json = await get("/feedback", { Accept: "application/json" });
    expect(json.headers.get("content-type")).toContain("application/json");
    expect(Array.isArray(await json.json())).toBe(true);
  });

  it("sends a kept page with its route's Vary, Accept included, so no cache gives its HTML for another answer", async () => {
    const names = (response: Response) =>
      (response.headers.get("vary") ?? "")
        .split(",")
        .map((name) => name.trim().toLowerCase())
        .sort();
    const rendered = await get("/feedback?vary", { Cookie: "seen=1" });
    expect(wasStored(rendered)).toBe(false);
    await rendered.arrayBuffer();
    expect(names(rendered)).toEqual(["accept", "accept-encoding"]);
    const kept = await storedAnswer("/feedback?vary");
    await kept.arrayBuffer();
    expect(names(kept)).toEqual(names(rendered));
    const head = await fetch(`${site.url}/feedback?vary`, { method: "HEAD" });
    expect(wasStored(head)).toBe(true);
    expect(names(head)).toEqual(names(rendered));
  });

  it("keeps no page a request with any cookie asked for, nor answers one from the store", async () => {
    await (await storedAnswer("/team")).arrayBuffer();
    const withCookie = await get("/team", { Cookie: "anything=1" });
    expect(wasStored(withCookie)).toBe(false);
    expect(/'nonce-/.test(withCookie.headers.get("content-security-policy")!)).toBe(true);
  });
});

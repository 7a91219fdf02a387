import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type RunningSite } from "../setup/server.ts";

let dir: string;
let server: RunningSite;
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "media-test-"));
  const media = join(dir, "media");
  mkdirSync(join(media, "java"), { recursive: true });
  writeFileSync(join(media, "java", "lesson-1.mp4"), bytes);
  writeFileSync(join(media, "java", "lesson-1.vtt"), "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n");
  writeFileSync(join(media, ".hidden.mp4"), "secret");
  writeFileSync(join(dir, "outside.txt"), "must never be served");
  symlinkSync(join(dir, "outside.txt"), join(media, "link.mp4"));
  server = await startSite({ MEDIA_DIR: media });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET") => fetch(`${server.url}${path}`, { method, headers });
const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

/** Sends the path exactly as written (fetch would resolve dot segments first). */
function rawStatus(path: string): Promise<number> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1])));
    socket.on("error", reject);
  });
}

describe("media files with byte ranges", () => {
  const lesson = "/media/java/lesson-1.mp4";

  it("sends the whole file with its type, length, validators and Accept-Ranges", async () => {
    const response = await get(lesson);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.headers.get("content-length")).toBe("1000");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(response.headers.get("last-modified")).toBeTruthy();
    expect((await body(response)).equals(bytes)).toBe(true);
  });

  it.each([
    ["bytes=0-99", 0, 99],
    ["bytes=400-599", 400, 599],
    ["bytes=-100", 900, 999],
    ["bytes=900-", 900, 999],
    ["bytes=990-5000", 990, 999],
    ["bytes=-5000", 0, 999],
  ])("answers %s with 206 and exactly those bytes", async (range, start, end) => {
    const response = await get(lesson, { Range: range });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers.get("content-length")).toBe(String(end - start + 1));
    expect((await body(response)).equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it.each(["bytes=1000-", "bytes=5000-6000", "bytes=-0"])("answers the unsatisfiable %s with 416", async (range) => {
    const response = await get(lesson, { Range: range });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */1000");
  });

  it.each(["bytes=abc", "items=0-10", "bytes=50-10", "bytes=0-1,5-9", "bytes=-"])(
    "ignores the malformed or multiple range %s and sends the whole file",
    async (range) => {
      const response = await get(lesson, { Range: range });
      expect(response.status).toBe(200);
      expect((await body(response)).length).toBe(1000);
    },
  );

  it("answers HEAD with the headers and no body", async () => {
    const response = await get(lesson, { Range: "bytes=0-9" }, "HEAD");
    expect(response.status).toBe(206);
    expect(response.headers.get("content-length")).toBe("10");
    expect((await body(response)).length).toBe(0);
  });

  it("honours If-Range: the range for the current version, the whole file for another", async () => {
    const etag = (await get(lesson)).headers.get("etag")!;
    expect((await get(lesson, { Range: "bytes=0-9", "If-Range": etag })).status).toBe(206);
    const stale = await get(lesson, { Range: "bytes=0-9", "If-Range": '"0-0"' });
    expect(stale.status).toBe(200);
    expect((await body(stale)).length).toBe(1000);
    expect((await get(lesson, { "If-None-Match": etag })).status).toBe(304);
  });

  it("serves captions as WebVTT", async () => {
    const response = await get("/media/java/lesson-1.vtt");
    expect(response.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await response.text()).toMatch(/^WEBVTT/);
  });

  it.each([
    "/media/java/",
    "/media/java",
    "/media/",
    "/media/no-such.mp4",
    "/media/.hidden.mp4",
    "/media/link.mp4",
    "/media/%2e%2e/outside.txt",
    "/media/java/%2e%2e/%2e%2e/outside.txt",
    "/media/..%2foutside.txt",
    "/media/%252e%252e/outside.txt",
    "/media/java%5c..%5c..%5coutside.txt",
  ])("never lists a folder or leaves the media folder: %s", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("must never be served");
  });

  it("refuses a NUL in a media address before looking for a file", async () => {
    const response = await get("/media/%00.mp4");
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain("must never be served");
  });

  // Lesson files and the media 404 answer with the site's security headers like every page.
  it.each([
    ["a whole file", {}, "/media/java/lesson-1.mp4", 200],
    ["a range", { Range: "bytes=0-9" }, "/media/java/lesson-1.mp4", 206],
    ["captions", {}, "/media/java/lesson-1.vtt", 200],
    ["a missing file", {}, "/media/no-such.mp4", 404],
  ])("sends the security headers with %s", async (_what, headers, path, status) => {
    const response = await get(path, headers);
    expect(response.status).toBe(status);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(response.headers.get("referrer-policy")).toBeTruthy();
  });

  it.each(["/media/../outside.txt", "/media/java/../../outside.txt", "/media/./../outside.txt"])(
    "refuses the raw traversal %s",
    async (path) => {
      expect([400, 404]).toContain(await rawStatus(path));
    },
  );
});

import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lessonsByCourse } from "#app/content/seeds/lessons/index.server.ts";
import { videoCourses } from "#app/content/seeds/video-courses.ts";
import { lessonFileStem } from "#app/features/courses/media-paths.ts";
import { startSite, type RunningSite } from "../setup/server.ts";

const sampleClip = "media/java/01.mp4";
const allPaths = videoCourses.flatMap((course) => course.paths.map((path) => [path, course] as const));

/** The lesson cards of a course page: the items of the list under the "N lessons" heading. */
function lessonCards(html: string) {
  const list = html.slice(html.indexOf('id="lessons-heading"'), html.indexOf("</ol>", html.indexOf('id="lessons-heading"')));
  return list.match(/<li\b/g)?.length ?? 0;
}
const videoSrc = (html: string) => /<video[^>]*\bsrc="([^"]+)"/.exec(html)?.[1];
const trackSrc = (html: string) => /<track[^>]*\bsrc="([^"]+)"/.exec(html)?.[1];

describe("video course pages with the sample clips of the repository", () => {
  let server: RunningSite;
  beforeAll(async () => {
    server = await startSite();
  });
  afterAll(() => server?.stop());

  it.each(allPaths)("%s shows its course with the spec's number of lessons", async (path, course) => {
    const response = await fetch(server.url + path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1 class="text-4xl font-bold md:text-5xl">${course.title}</h1>`);
    expect(lessonCards(html)).toBe(course.lessonCount);
    expect(lessonsByCourse[course.slug]).toHaveLength(course.lessonCount);
    for (const lesson of lessonsByCourse[course.slug]!) expect(html).toContain(lesson.title.replace(/'/g, "&#x27;"));
  });

  it("finds the paths in any letter case, as the hub's mixed-case links need", async () => {
    const response = await fetch(`${server.url}/Cources/Programming/ADVJAVA`);
    expect(response.status).toBe(200);
    expect(lessonCards(await response.text())).toBe(1);
  });

  it("gives lesson 1 a player that loads nothing until asked, with poster and captions", async () => {
    const html = await (await fetch(`${server.url}/courses/java`)).text();
    const video = /<video[^>]*>/.exec(html)![0];
    expect(video).toContain('preload="none"');
    expect(video).toMatch(/ poster="\/images\/courses\/java.svg\?v=[\w-]{10}"/);
    expect(video).toContain("controls");
    expect(videoSrc(html)).toBe("/media/java/01.mp4");
    expect(html).toMatch(/<track kind="captions" src="\/media\/java\/01.en.vtt" srcLang="en" label="English"\/>/i);
  });

  it("asks for the poster, the page's largest picture, first: preloaded from the head with high priority", async () => {
    const html = await (await fetch(`${server.url}/courses/java`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(/<link rel="preload" href="\/images\/courses\/java.svg\?v=[\w-]{10}" as="image" fetchPriority="high"\/>/);
    // Before the stylesheet and the scripts, which the browser would otherwise fetch first.
    expect(head.indexOf('href="/images/courses/java.svg')).toBeLessThan(head.indexOf('rel="stylesheet"'));
  });

  it("says a lesson without a file is not available instead of showing a broken player", async () => {
    const html = await (await fetch(`${server.url}/courses/java?lesson=2`)).text();
    expect(html).not.toContain("<video");
    expect(html).toContain("This lesson&#x27;s video is not available yet.");
  });

  it.each(["0", "33", "abc", "-1", "1.5"])("answers 404 for lesson %s of a 32-lesson course", async (lesson) => {
    expect((await fetch(`${server.url}/courses/java?lesson=${lesson}`)).status).toBe(404);
  });

  it("serves every sample clip and its captions with the right types", async () => {
    for (const course of videoCourses) {
      const html = await (await fetch(`${server.url}${course.paths[0]}?lesson=1`)).text();
      const clip = await fetch(server.url + videoSrc(html)!, { headers: { Range: "bytes=0-99" } });
      expect(clip.status, course.slug).toBe(206);
      expect(clip.headers.get("content-type")).toBe("video/mp4");
      const captions = await fetch(server.url + trackSrc(html)!);
      expect(captions.headers.get("content-type")).toMatch(/^text\/vtt/);
      expect(await captions.text()).toMatch(/^WEBVTT\n\n00:00:00\.500 --> /);
    }
  });
});

describe("video course pages when every lesson has its file", () => {
  let dir: string;
  let server: RunningSite;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "all-lessons-"));
    for (const course of videoCourses) {
      mkdirSync(join(dir, course.slug));
      for (let lesson = 1; lesson <= course.lessonCount; lesson++)
        copyFileSync(sampleClip, join(dir, `${lessonFileStem(course.slug, lesson)}.mp4`));
    }
    server = await startSite({ MEDIA_DIR: dir });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("links every lesson's video, and every link answers a range request", async () => {
    let checked = 0;
    for (const course of videoCourses) {
      for (let lesson = 1; lesson <= course.lessonCount; lesson++) {
        const html = await (await fetch(`${server.url}${course.paths[0]}?lesson=${lesson}`)).text();
        const src = videoSrc(html);
        expect(src, `${course.slug} lesson ${lesson}`).toBe(`/media/${lessonFileStem(course.slug, lesson)}.mp4`);
        // No captions file here: no track, and the page says so.
        expect(trackSrc(html)).toBeUndefined();
        const response = await fetch(server.url + src, { headers: { Range: "bytes=-100" } });
        expect(response.status).toBe(206);
        expect((await response.arrayBuffer()).byteLength).toBe(100);
        checked += 1;
      }
    }
    expect(checked).toBe(157);
  });
});

describe("video course pages with MEDIA_BASE_URL (a CDN)", () => {
  let cdn: Server;
  let cdnOrigin: string;
  let server: RunningSite;
  const asked: string[] = [];
  beforeAll(async () => {
    cdn = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      res.writeHead(req.url === "/lessons/java/01.mp4" || req.url === "/lessons/java/01.en.vtt" ? 200 : 404).end();
    });
    await new Promise<void>((resolve) => cdn.listen(0, "127.0.0.1", resolve));
    cdnOrigin = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
    server = await startSite({ MEDIA_BASE_URL: `${cdnOrigin}/lessons/` });
  });
  afterAll(async () => {
    await server?.stop();
    cdn?.close();
  });

  it("links the files there, asks for CORS, and lets the CSP allow that origin", async () => {
    const response = await fetch(`${server.url}/courses/java?lesson=1`);
    const html = await response.text();
    expect(videoSrc(html)).toBe(`${cdnOrigin}/lessons/java/01.mp4`);
    expect(trackSrc(html)).toBe(`${cdnOrigin}/lessons/java/01.en.vtt`);
    expect(/<video[^>]*>/.exec(html)![0]).toContain('crossorigin="anonymous"');
    expect(response.headers.get("content-security-policy")).toContain(`media-src 'self' ${cdnOrigin}`);
  });

  it("says a lesson is not available when the store does not have its file, asking once", async () => {
    const html = await (await fetch(`${server.url}/courses/java?lesson=2`)).text();
    expect(html).not.toContain("<video");
    expect(html).toContain("not available yet");
    await fetch(`${server.url}/courses/java?lesson=3`);
    expect(asked.filter((line) => line === "HEAD /lessons/java/02.mp4")).toHaveLength(1);
    expect(asked.every((line) => line.startsWith("HEAD "))).toBe(true);
  });
});

describe("a lesson file that is empty", () => {
  let dir: string;
  let server: RunningSite;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "empty-media-"));
    mkdirSync(join(dir, "java"));
    writeFileSync(join(dir, "java", "01.mp4"), "");
    server = await startSite({ MEDIA_DIR: dir });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("treats an empty file as missing", async () => {
    const html = await (await fetch(`${server.url}/courses/java`)).text();
    expect(html).toContain("not available yet");
  });
});

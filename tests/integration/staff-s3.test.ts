import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignRole } from "#app/features/auth/roles.server.ts";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { s3ClientConfig } from "#app/lib/storage/s3-storage.server.ts";
import { registerIn } from "../setup/accounts.ts";
import { putOnTeam } from "../setup/teams.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { startS3StandIn } from "../setup/s3-stand-in.ts";
import { startSite, type RunningSite } from "../setup/server.ts";
import { expectStillServing, listeningProcesses, logged } from "../setup/still-serving.ts";

// Staff uploads in an S3-compatible bucket (S3_BUCKET): a local service stands in for it.
describe("the staff area with S3_BUCKET", () => {
  let s3: Awaited<ReturnType<typeof startS3StandIn>>;
  let site: RunningSite;
  let handle: DatabaseHandle;
  let teacher: TestBrowser;
  let client: S3Client;
  let mediaDir: string;
  const bucket = "college-media";

  beforeAll(async () => {
    s3 = await startS3StandIn(bucket);
    mediaDir = mkdtempSync(join(tmpdir(), "s3-site-media-"));
    site = await startSite({ ...s3.env, TRUST_PROXY: "1", MEDIA_DIR: mediaDir });
    handle = site.database.open();
    const email = `s3-teacher-${process.pid}@college.example`;
    await assignRole(handle.db, email, "teacher");
    await putOnTeam(handle.db, "course", "java", email);
    teacher = new TestBrowser(site.url, "198.51.100.60");
    await registerIn(teacher, email, "Bucket Teacher");
    client = new S3Client(s3ClientConfig({ ...s3.env, S3_PUBLIC_URL: undefined }));
  });
  afterAll(async () => {
    await handle?.close();
    await site?.stop();
    await s3?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const objectExists = (key: string) =>
    client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
      () => true,
      () => false,
    );

  it("keeps a course picture in the bucket, linked from the site's /media, which sends the browser on with a signed address", async () => {
    const body = new FormData();
    body.set("slug", "cloud-storage");
    body.set("title", "Cloud Storage");
    body.set("imageAlt", "A grey square");
    body.set(
      "image",
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 30, height: 20, channels: 3, background: "#888" } })
            .png()
            .toBuffer(),
        ),
      ]),
      "x.png",
    );
    expect((await teacher.request("/staff/courses/new", { method: "POST", body })).status).toBe(302);
    const course = await handle.db.selectFrom("courses").select("image_src").where("slug", "=", "cloud-storage").executeTakeFirstOrThrow();
    expect(await objectExists(course.image_src)).toBe(true);

    const page = await (await teacher.request("/staff/courses/cloud-storage")).text();
    expect(page).toContain(`src="/media/${course.image_src}"`);
    const redirect = await fetch(`${site.url}/media/${course.image_src}`, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    const signed = new URL(redirect.headers.get("location")!);
    expect(signed.origin).toBe(s3.endpoint);
    expect(signed.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(redirect.headers.get("cache-control")).toBe("private, max-age=300");
    expect((await fetch(signed)).headers.get("content-type")).toBe("image/webp");
    // The pages allow pictures and videos from the bucket.
    expect(String((await fetch(`${site.url}/courses/java`)).headers.get("content-security-policy"))).toContain(
      `media-src 'self' ${s3.endpoint}`,
    );
  });

  it("takes a lesson video through the resumable upload into the bucket, and refuses one that is not a video, keeping none of it", async () => {
    const upload = async (bytes: Uint8Array, filetype: string) => {
      const created = await teacher.request("/staff/uploads", {
        method: "POST",
        headers: {
          "Tus-Resumable": "1.0.0",
          "Upload-Length": String(bytes.length),
          "Upload-Metadata": `lesson ${btoa("java-02")},filename ${btoa("lecture.mp4")},filetype ${btoa(filetype)}`,
        },
      });
      expect(created.status).toBe(201);
      const location = created.headers.get("location")!;
      const half = Math.floor(bytes.length / 2);
      // In two pieces, as after a dropped connection: the second starts where the first ended.
      const first = await teacher.request(location, {
        method: "PATCH",
        headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
        body: bytes.slice(0, half),
      });
      expect(first.status).toBe(204);
      const offset = (await teacher.request(location, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0" } })).headers.get(
        "upload-offset",
      );
      expect(offset).toBe(String(half));
      return teacher.request(location, {
        method: "PATCH",
        headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": String(half), "Content-Type": "application/offset+octet-stream" },
        body: bytes.slice(half),
      });
    };

    const refused = await upload(new TextEncoder().encode("not a video, only words ".repeat(10)), "video/mp4");
    expect(refused.status).toBe(415);
    expect((await handle.db.selectFrom("lessons").select("video").where("id", "=", "java-02").executeTakeFirstOrThrow()).video).toBe(
      "java/02.mp4",
    );

    const clip = new Uint8Array(readFileSync("media/java/01.mp4"));
    expect((await upload(clip, "video/mp4")).status).toBe(204);
    const lesson = await handle.db.selectFrom("lessons").select("video").where("id", "=", "java-02").executeTakeFirstOrThrow();
    expect(lesson.video).toMatch(/^lessons\/java-02\/[0-9a-f]{32}\.mp4$/);
    const stored = await client.send(new GetObjectCommand({ Bucket: bucket, Key: lesson.video! }));
    expect(stored.ContentType).toBe("video/mp4");
    expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(Buffer.from(clip))).toBe(true);
    // Nothing is left on the site's own disk once the file is in the bucket.
    expect(readdirSync(join(mediaDir, ".uploads"))).toEqual([]);

    // Learners get the lesson's video at a stable address of the site, which leads to the bucket.
    const page = await (await fetch(`${site.url}/courses/java?lesson=2`)).text();
    expect(page).toContain(`/media/${lesson.video}`);
    const played = await fetch(`${site.url}/media/${lesson.video}`, { headers: { Range: "bytes=0-99" } });
    expect(played.status).toBe(206);
    expect((await played.arrayBuffer()).byteLength).toBe(100);
  });

  it("serves captions from the bucket through the site itself, as a <track> needs", async () => {
    const body = new FormData();
    body.set("intent", "captions");
    body.set("language", "en");
    body.set("captions", new Blob(["WEBVTT\n\n00:00.000 --> 00:02.000\nIn the bucket.\n"]), "c.vtt");
    expect((await teacher.request("/staff/courses/java/lessons/java-02", { method: "POST", body })).status).toBe(303);
    const { file: captions } = await handle.db
      .selectFrom("lesson_captions")
      .select("file")
      .where("lesson_id", "=", "java-02")
      .executeTakeFirstOrThrow();
    const served = await fetch(`${site.url}/media/${captions}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await served.text()).toContain("In the bucket.");
  });

  // Last: the bucket goes away for good.
  it("with the bucket gone, a finished upload and a caption fail alone: answered with an error, logged, nothing left on the disk, the site still serving", async () => {
    const processes = listeningProcesses(site);
    const body = new FormData();
    body.set("intent", "captions");
    body.set("language", "en");
    body.set("captions", new Blob(["WEBVTT\n\n00:00.000 --> 00:02.000\nSoon gone.\n"]), "c.vtt");
    expect((await teacher.request("/staff/courses/java/lessons/java-03", { method: "POST", body })).status).toBe(303);
    const { file: captions } = await handle.db
      .selectFrom("lesson_captions")
      .select("file")
      .where("lesson_id", "=", "java-03")
      .executeTakeFirstOrThrow();
    expect(captions).toMatch(/^lessons\/java-03\//);
    const clip = new Uint8Array(readFileSync("media/java/01.mp4"));
    const created = await teacher.request("/staff/uploads", {
      method: "POST",
      headers: { "Tus-Resumable": "1.0.0", "Upload-Length": String(clip.length), "Upload-Metadata": `lesson ${btoa("java-03")}` },
    });
    expect(created.status).toBe(201);
    await s3.stop();

    const finished = await teacher.request(created.headers.get("location")!, {
      method: "PATCH",
      headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
      body: clip,
    });
    expect(finished.status).toBe(500);
    // In words of the site's own: nothing of the bucket's address or of its error.
    expect(await finished.text()).toBe("The video could not be saved because of a problem on our side. Please try again.");
    await logged(site, (entry) => entry.msg === "video upload request failed; answered with an error");
    expect((await handle.db.selectFrom("lessons").select("video").where("id", "=", "java-03").executeTakeFirstOrThrow()).video).toBe(
      "java/03.mp4",
    );
    expect(readdirSync(join(mediaDir, ".uploads"))).toEqual([]);
    expect(await handle.db.selectFrom("video_uploads").selectAll().execute()).toEqual([]);

    const caption = await fetch(`${site.url}/media/${captions}`);
    expect(caption.status).toBe(502);
    expect(await caption.text()).toBe("This file could not be fetched from storage. Please try again in a moment.");
    await logged(site, (entry) => entry.msg === "the media bucket could not be read");
    await expectStillServing(site, processes);
  });
});

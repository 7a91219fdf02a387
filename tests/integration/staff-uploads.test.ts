import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  ftruncateSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignRole } from "#app/features/auth/roles.server.ts";
import type { Role } from "#app/features/auth/roles.ts";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { registerIn } from "../setup/accounts.ts";
import { engines } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { startServer, startSite, type RunningServer, type RunningSite } from "../setup/server.ts";
import { putOnTeam } from "../setup/teams.ts";
import { expectStillServing, listeningProcesses, logged, readThenVanish, requestThenVanish, workerLost } from "../setup/still-serving.ts";
import { pause, until } from "../setup/waiting.ts";

const MB = 1024 * 1024;
const tus = { "Tus-Resumable": "1.0.0" };
const piece = { ...tus, "Content-Type": "application/offset+octet-stream" };
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

/** A playable MP4 of exactly `size` bytes: the sample clip, then a `free` box (players skip it). */
function mp4Of(size: number): Uint8Array<ArrayBuffer> {
  const clip = readFileSync("media/java/01.mp4");
  const padding = Buffer.alloc(size - clip.length);
  padding.writeUInt32BE(padding.length, 0);
  padding.write("free", 4, "latin1");
  return new Uint8Array(Buffer.concat([clip, padding]));
}

/** The start of a Matroska file that is not WebM: an EBML header whose DocType says "matroska", then a Segment. */
function matroska(): Uint8Array<ArrayBuffer> {
  const docType = [...Buffer.from("matroska")];
  const header = [0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81, 1, 0x42, 0x82, 0x80 | docType.length, ...docType, 0x42, 0x87, 0x81, 4];
  const segment = [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, ...Buffer.alloc(2000, 7)];
  return new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length, ...header, ...segment]);
}

/** A multipart/form-data body as a browser sends it, with the boundary to declare. */
function multipart(parts: Array<{ name: string; value?: string; filename?: string; bytes?: Uint8Array }>) {
  const boundary = "----college-test-boundary";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? "" : `; filename="${part.filename}"\r\nContent-Type: application/octet-stream`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`));
    chunks.push(part.bytes ? Buffer.from(part.bytes) : Buffer.from(part.value ?? "", "utf8"));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(chunks)), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A stand-in for ffprobe, first on the server's PATH: it says 42 seconds, or as the file `mode`
 * beside it says: "slow" (two seconds first, to cut a client off while a finished upload is
 * checked) or "broken" (it fails, as on a file it cannot read). Each run adds a line to `calls`.
 */
function fakeFfprobe(folder: string) {
  const bin = join(folder, "bin");
  mkdirSync(bin);
  const mode = join(folder, "ffprobe-mode");
  const calls = join(folder, "ffprobe-calls");
  writeFileSync(
    join(bin, "ffprobe"),
    `#!/bin/sh\necho run >> ${calls}\ncase "$(cat ${mode} 2>/dev/null)" in\n  slow) sleep 2; echo 42.000000 ;;\n  broken) echo "moov atom not found" >&2; exit 1 ;;\n  *) echo 42.000000 ;;\nesac\n`,
  );
  chmodSync(join(bin, "ffprobe"), 0o755);
  return {
    path: `${bin}:${process.env.PATH}`,
    set: (value: "slow" | "broken" | "quick") => writeFileSync(mode, value),
    /** How many times it has run so far. */
    runs: () => (existsSync(calls) ? readFileSync(calls, "utf8").split("\n").length - 1 : 0),
  };
}

describe.each(engines)("lesson video uploads on %s, with two workers", (engine) => {
  let site: RunningSite;
  let handle: DatabaseHandle;
  let folder: string;
  let media: string;
  let uploads: string;
  let workers: number[];
  let ffprobe: ReturnType<typeof fakeFfprobe>;
  let people = 0;
  const rootEmail = `root-uploads-${process.pid}@college.example`;
  /** The settings of the site, which the tests of a second server on the same database and folder start from. */
  let env: Record<string, string>;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "staff-uploads-"));
    media = join(folder, "media");
    uploads = join(media, ".uploads");
    ffprobe = fakeFfprobe(folder);
    env = {
      TRUST_PROXY: "1",
      MEDIA_DIR: media,
      MAX_UPLOAD_MB: "1",
      UPLOAD_QUOTA_MB: "2",
      ADMIN_EMAILS: rootEmail,
      PATH: ffprobe.path,
    };
    site = await startSite({ ...env, WEB_CONCURRENCY: "2" }, engine);
    await until(() => listeningProcesses(site).length === 2, "two workers listening", 20_000);
    workers = listeningProcesses(site);
    expect(workers).toHaveLength(2);
    handle = site.database.open();
    // A big lesson file, for answers cut off mid-way (sparse: no disk is used).
    mkdirSync(join(media, "big"), { recursive: true });
    const big = openSync(join(media, "big", "lecture.mp4"), "w");
    ftruncateSync(big, 256 * MB);
    closeSync(big);
  });
  afterAll(async () => {
    await handle?.close();
    await site?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  /** A browser signed in as a new person with this role ("root": the administrator of ADMIN_EMAILS). */
  async function person(role: Role | "root") {
    people += 1;
    const email = role === "root" ? rootEmail : `${role}-${people}-${process.pid}@college.example`;
    if (role !== "root" && role !== "student") await assignRole(handle.db, email, role);
    // The uploads here are the Java course's lessons' videos, which its teachers send.
    if (role === "teacher") await putOnTeam(handle.db, "course", "java", email);
    const browser = new TestBrowser(site.url, `198.51.100.${people}`);
    await registerIn(browser, email, `${role} ${people}`);
    const { sub } = await handle.db.selectFrom("people").select("sub").where("email", "=", email).executeTakeFirstOrThrow();
    return { browser, email, sub };
  }
  let administrator: Awaited<ReturnType<typeof person>> | undefined;
  const admin = async () => (administrator ??= await person("root"));

  const startUpload = (browser: TestBrowser, length: number, metadata = `lesson ${b64("java-01")}`) =>
    browser.request("/staff/uploads", {
      method: "POST",
      headers: { ...tus, "Upload-Length": String(length), "Upload-Metadata": metadata },
    });
  async function started(browser: TestBrowser, length: number, lesson = "java-01") {
    const created = await startUpload(browser, length, `lesson ${b64(lesson)}`);
    expect(created.status, await created.clone().text()).toBe(201);
    return created.headers.get("location")!;
  }
  const send = (browser: TestBrowser, location: string, offset: number, bytes: Uint8Array<ArrayBuffer>) =>
    browser.request(location, { method: "PATCH", headers: { ...piece, "Upload-Offset": String(offset) }, body: bytes });
  const offsetOf = async (browser: TestBrowser, location: string) =>
    (await browser.request(location, { method: "HEAD", headers: tus })).headers.get("upload-offset");
  const lessonVideo = async (id: string) =>
    await handle.db.selectFrom("lessons").select(["video", "duration_seconds"]).where("id", "=", id).executeTakeFirstOrThrow();
  const rowsOf = (sub: string) => handle.db.selectFrom("video_uploads").selectAll().where("owner_sub", "=", sub).execute();
  /** What waits in MEDIA_DIR/.uploads (made with the first upload). */
  const waiting = () => (existsSync(uploads) ? readdirSync(uploads).sort() : []);
  /** What the browser's cookie and address would send, for a request made by hand. */
  const asBrowser = (browser: TestBrowser, path: string) => ({
    Cookie: browser.jar.headerFor(new URL(path, site.url)),
    "X-Forwarded-For": browser.clientAddress!,
  });

  /** A browser at `server` (another on the same database) signed in as `browser` is: the same session cookies. */
  function sameSessionOn(server: RunningServer, browser: TestBrowser) {
    const there = new TestBrowser(server.url, browser.clientAddress);
    for (const cookie of browser.jar.headerFor(new URL("/staff/uploads", site.url)).split("; ")) {
      there.jar.store(new Response(null, { headers: { "Set-Cookie": `${cookie}; Path=/` } }));
    }
    return there;
  }

  describe("whose an upload is", () => {
    it("answers another teacher's or an administrator's HEAD, PATCH and DELETE as for an upload that does not exist, and changes nothing", async () => {
      const owner = await person("teacher");
      const other = await person("teacher");
      const root = await admin();
      const location = await started(owner.browser, 1000);
      expect((await send(owner.browser, location, 0, new Uint8Array(100))).status).toBe(204);
      const madeUp = "/staff/uploads/0123456789abcdef0123456789abcdef";

      for (const stranger of [other, root]) {
        const asked = async (path: string) => {
          const head = await stranger.browser.request(path, { method: "HEAD", headers: tus });
          const patch = await send(stranger.browser, path, 100, new Uint8Array(900));
          const del = await stranger.browser.request(path, { method: "DELETE", headers: tus });
          const described = async (answer: Response) => ({
            status: answer.status,
            body: await answer.text(),
            // Less what differs on every answer: its date, its id, its script nonce.
            headers: [...answer.headers].filter(([name]) => !["date", "x-request-id", "content-security-policy"].includes(name)),
          });
          return [await described(head), await described(patch), await described(del)];
        };
        const theirs = await asked(location);
        expect(theirs.map((answer) => answer.status)).toEqual([404, 404, 404]);
        // Word for word and header for header the answer for an upload nobody started: nothing is learnt.
        expect(theirs).toEqual(await asked(madeUp));
        for (const [, headers] of theirs.flatMap((answer) => answer.headers)) expect(headers).not.toMatch(/lesson|teacher|@/i);
      }

      expect(await offsetOf(owner.browser, location)).toBe("100");
      expect((await send(owner.browser, location, 100, new Uint8Array(900))).status).toBe(415);
    });

    it("answers a student's HEAD, PATCH and DELETE to a teacher's upload 403 before anything is read, and changes nothing", async () => {
      const owner = await person("teacher");
      const student = await person("student");
      const location = await started(owner.browser, 1000);
      expect((await send(owner.browser, location, 0, new Uint8Array(10))).status).toBe(204);
      for (const path of [location, "/staff/uploads/0123456789abcdef0123456789abcdef"]) {
        const head = await student.browser.request(path, { method: "HEAD", headers: tus });
        const patch = await send(student.browser, path, 10, new Uint8Array(990));
        const del = await student.browser.request(path, { method: "DELETE", headers: tus });
        expect([head.status, patch.status, del.status]).toEqual([403, 403, 403]);
        expect(await patch.text()).toBe("Only teachers and administrators upload lesson videos.");
        expect(head.headers.get("upload-offset")).toBeNull();
        expect(head.headers.get("upload-metadata")).toBeNull();
      }
      expect(await offsetOf(owner.browser, location)).toBe("10");
      expect(await rowsOf(owner.sub)).toHaveLength(1);
      expect(waiting()).toContain(location.split("/").at(-1));
    });

    it("answers a refused plain form with the site's own pages, as a staff page answers the same person", async () => {
      const plainForm = () => {
        const form = new FormData();
        form.set("lesson", "java-01");
        form.set("video", new Blob([new Uint8Array(64)], { type: "video/mp4" }), "clip.mp4");
        return form;
      };
      const student = await person("student");
      const visitor = new TestBrowser(site.url, "198.51.100.250");
      const waitingBefore = waiting();
      for (const browser of [student.browser, visitor]) {
        const refused = await browser.request("/staff/uploads/form", { method: "POST", body: plainForm() });
        expect(refused.status).toBe(303);
        expect(refused.headers.get("location")).toBe("/staff/courses");
      }
      const page = await student.browser.request("/staff/courses");
      expect(page.status).toBe(403);
      expect(visibleText(await page.text())).toContain(
        "This page is only for teachers and administrators. You are signed in as a student.",
      );
      expect((await visitor.request("/staff/courses")).headers.get("location")).toMatch(/^\/signin\?/);
      expect(await rowsOf(student.sub)).toEqual([]);
      expect(waiting()).toEqual(waitingBefore);
    });

    it("renews a session's tokens when they are due, as every page does", async () => {
      const teacher = await person("teacher");
      const session = () => handle.db.selectFrom("sessions").selectAll().where("sub", "=", teacher.sub).executeTakeFirstOrThrow();
      const before = await session();
      const soon = new Date(Date.now() + 30_000).toISOString();
      await handle.db.updateTable("sessions").set({ access_expires_at: soon }).where("id_hash", "=", before.id_hash).execute();
      await started(teacher.browser, 1000);
      const after = await session();
      expect(after.access_token).not.toBe(before.access_token);
      expect(new Date(after.access_expires_at!).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    });

    it("lets an administrator start and finish an upload, which the audit log credits to them", async () => {
      const root = await admin();
      const clip = mp4Of(200_000);
      const location = await started(root.browser, clip.length, "java-02");
      expect((await send(root.browser, location, 0, clip.subarray(0, 100_000))).status).toBe(204);
      expect((await send(root.browser, location, 100_000, clip.subarray(100_000))).status).toBe(204);
      const lesson = await lessonVideo("java-02");
      expect(lesson.video).toMatch(/^lessons\/java-02\/[0-9a-f]{32}\.mp4$/);
      expect(readFileSync(join(media, lesson.video!)).equals(Buffer.from(clip))).toBe(true);
      const entry = await handle.db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "lesson.video")
        .where("subject", "=", "lesson:java-02")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(entry.actor_sub).toBe(root.sub);
      expect(await rowsOf(root.sub)).toEqual([]);
    });

    it("keeps in the upload's metadata only its lesson: no email, no name, nothing the browser made up", async () => {
      const { browser } = await person("teacher");
      const created = await startUpload(
        browser,
        500,
        `lesson ${b64("java-01")},filename ${b64("asha.rao@college.example lecture.mp4")},filetype ${b64("video/mp4")},senderName ${b64("Someone Else")}`,
      );
      expect(created.status).toBe(201);
      const id = created.headers.get("location")!.split("/").at(-1)!;
      const stored = readFileSync(join(uploads, `${id}.json`), "utf8");
      expect(JSON.parse(stored).metadata).toEqual({ lesson: "java-01" });
      expect(stored).not.toMatch(/@|Someone|teacher/);
      const head = await browser.request(`/staff/uploads/${id}`, { method: "HEAD", headers: tus });
      expect(head.headers.get("upload-metadata")).toBe(`lesson ${b64("java-01")}`);
    });

    it("refuses upload metadata that no database stores (a NUL) with 400, keeping nothing; the plain form too", async () => {
      const { browser, sub } = await person("teacher");
      const before = waiting();
      for (const metadata of [`lesson ${b64("java-01\u0000")}`, `lesson ${b64("java-01")},filename ${b64("a\u0000.mp4")}`]) {
        const refused = await startUpload(browser, 500, metadata);
        expect(refused.status).toBe(400);
        expect(await refused.text()).toContain("contains a character that cannot be stored");
      }
      const form = multipart([
        { name: "lesson", value: "java-01\u0000" },
        { name: "video", filename: "talk.mp4", bytes: mp4Of(200_000) },
      ]);
      const posted = await browser.request("/staff/uploads/form", {
        method: "POST",
        headers: { "Content-Type": form.type },
        body: form.body,
      });
      expect(posted.status).toBe(400);
      expect(await posted.text()).toContain("contains a character that cannot be stored");
      expect(await rowsOf(sub)).toEqual([]);
      expect(waiting()).toEqual(before);
    });

    it("refuses a Matroska file that is not WebM as not a video, and keeps nothing of it", async () => {
      const { browser, sub } = await person("teacher");
      const file = matroska();
      const location = await started(browser, file.length);
      const sent = await send(browser, location, 0, file);
      expect(sent.status).toBe(415);
      expect(await sent.text()).toContain("This file is not an MP4 or WebM video");
      expect((await lessonVideo("java-01")).video).toBe("java/01.mp4");
      expect(waiting()).not.toContain(location.split("/").at(-1));
      expect(await rowsOf(sub)).toEqual([]);
    });
  });

  describe("the allowance of unfinished uploads (UPLOAD_QUOTA_MB=2)", () => {
    it("refuses a declaration past a person's allowance with a message, keeping nothing; finishing or deleting an upload frees its share", async () => {
      const teacher = await person("teacher");
      const first = await started(teacher.browser, MB);
      const second = await started(teacher.browser, MB);
      const before = waiting();
      const refused = await startUpload(teacher.browser, 1);
      expect(refused.status).toBe(413);
      expect(await refused.text()).toBe(
        "Your unfinished uploads would come to more than 2 MB, the most one person may have waiting (2 MB already are). " +
          "Finish an upload you started, or wait: an unfinished upload is forgotten a day after it began.",
      );
      expect(waiting()).toEqual(before);
      expect(await rowsOf(teacher.sub)).toHaveLength(2);
      // Another person's allowance is their own.
      await started((await person("teacher")).browser, MB);

      expect((await teacher.browser.request(first, { method: "DELETE", headers: tus })).status).toBe(204);
      const third = await started(teacher.browser, MB);
      expect((await startUpload(teacher.browser, 1)).status).toBe(413);
      expect((await send(teacher.browser, second, 0, mp4Of(MB))).status).toBe(204);
      expect((await startUpload(teacher.browser, 1)).status).toBe(201);
      expect(third).not.toBe(second);
    });

    it("counts declarations sent at once to both workers one after the other: never more than the allowance", async () => {
      const teacher = await person("teacher");
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          teacher.browser.request("/staff/uploads", {
            method: "POST",
            headers: { ...tus, Connection: "close", "Upload-Length": String(MB), "Upload-Metadata": `lesson ${b64("java-01")}` },
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, ...Array.from({ length: 18 }, () => 413)]);
      expect(await rowsOf(teacher.sub)).toHaveLength(2);
    });

    it("counts a plain form post while it is received, and refuses one past the allowance with the lesson page's message", async () => {
      const teacher = await person("teacher");
      await started(teacher.browser, MB);
      await started(teacher.browser, MB / 2);
      const form = multipart([
        { name: "lesson", value: "java-03" },
        { name: "video", filename: "talk.mp4", bytes: mp4Of(MB - 1000) },
      ]);
      const before = waiting();
      const posted = await teacher.browser.request("/staff/uploads/form", {
        method: "POST",
        headers: { "Content-Type": form.type },
        body: form.body,
      });
      expect(posted.status).toBe(303);
      const back = posted.headers.get("location")!;
      expect(back).toBe("/staff/courses/java/lessons/java-03?video-problem=quota");
      expect(visibleText(await (await teacher.browser.request(back)).text())).toContain(
        "Your unfinished uploads would come to more than 2 MB, the most one person may have waiting.",
      );
      expect(waiting()).toEqual(before);
      expect(await rowsOf(teacher.sub)).toHaveLength(2);
      expect((await lessonVideo("java-03")).video).toBe("java/03.mp4");
    });

    it("keeps a plain form's video for the lesson it was admitted for: a second lesson field after the file changes nothing", async () => {
      const teacher = await person("teacher");
      const [admittedBefore, laterBefore] = [await lessonVideo("java-04"), await lessonVideo("java-05")];
      const form = multipart([
        { name: "lesson", value: "java-04" },
        { name: "video", filename: "talk.mp4", bytes: mp4Of(200_000) },
        { name: "lesson", value: "java-05" },
      ]);
      const posted = await teacher.browser.request("/staff/uploads/form", {
        method: "POST",
        headers: { "Content-Type": form.type },
        body: form.body,
      });
      expect(posted.status).toBe(303);
      expect(posted.headers.get("location")).toBe("/staff/courses/java/lessons/java-04?saved=video");
      expect((await lessonVideo("java-04")).video).not.toBe(admittedBefore.video);
      expect(await lessonVideo("java-05")).toEqual(laterBefore);
    });
  });

  describe("no request takes a process down", () => {
    it("a plain form cut off mid-body: its file is removed at once, the failure logged, and every worker keeps serving", async () => {
      const teacher = await person("teacher");
      const headers = (type: string) => ({ ...asBrowser(teacher.browser, "/staff/uploads/form"), "Content-Type": type });
      const cases = [
        // In the video's bytes, once the file is being written.
        {
          form: multipart([
            { name: "lesson", value: "java-07" },
            { name: "video", filename: "a.mp4", bytes: mp4Of(MB - 4000) },
          ]),
          sent: 600_000,
        },
        // In a file part the server reads and throws away.
        {
          form: multipart([
            { name: "lesson", value: "java-07" },
            { name: "notes", filename: "n.txt", bytes: new Uint8Array(500_000) },
          ]),
          sent: 300_000,
        },
        // After the whole video, before the form's end: the file is written, but the form never came whole.
        {
          form: multipart([
            { name: "lesson", value: "java-07" },
            { name: "video", filename: "a.mp4", bytes: mp4Of(200_000) },
            { name: "note", value: "x".repeat(100_000) },
          ]),
          sent: 250_000,
        },
        // Just after the video's part began, while the server decides whether to take it.
        {
          form: multipart([
            { name: "lesson", value: "java-07" },
            { name: "video", filename: "a.mp4", bytes: mp4Of(MB - 4000) },
          ]),
          sent: 400,
          afterMs: 0,
        },
      ];
      const cutOffLines = () => site.logs.filter((entry) => entry.msg === "video form cut off before its end; its file was removed").length;
      const before = waiting();
      for (const [index, { form, sent, afterMs }] of cases.entries()) {
        const cutOffs = cutOffLines();
        await requestThenVanish(`${site.url}/staff/uploads/form`, {
          headers: headers(form.type),
          body: form.body,
          sentBytes: sent,
          afterMs,
        });
        await until(() => cutOffLines() > cutOffs || workerLost(site), "the cut-off form logged");
        expect(waiting(), `case ${index}`).toEqual(before);
        expect(await rowsOf(teacher.sub), `case ${index}`).toEqual([]);
        await expectStillServing(site, workers);
      }
      expect((await lessonVideo("java-07")).video).toBe("java/07.mp4");
    });

    it("a resumable piece cut off mid-body: what arrived is kept, the upload carries on from there, and every worker keeps serving", async () => {
      const teacher = await person("teacher");
      const clip = mp4Of(MB);
      const location = await started(teacher.browser, clip.length, "java-04");
      await requestThenVanish(`${site.url}${location}`, {
        method: "PATCH",
        headers: { ...asBrowser(teacher.browser, location), ...piece, "Upload-Offset": "0" },
        body: clip,
        sentBytes: 400_000,
      });
      await logged(site, (entry) => entry.msg === "request" && entry.method === "PATCH" && entry.path === location);
      await expectStillServing(site, workers);
      const offset = Number(await offsetOf(teacher.browser, location));
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(400_000);
      expect((await send(teacher.browser, location, offset, clip.subarray(offset))).status).toBe(204);
      const lesson = await lessonVideo("java-04");
      expect(readFileSync(join(media, lesson.video!)).equals(Buffer.from(clip))).toBe(true);
    });

    it("the client gone while the server checks and moves a finished upload, of either kind: the upload is still saved and every worker keeps serving", async () => {
      const teacher = await person("teacher");
      ffprobe.set("slow");
      try {
        const clip = mp4Of(300_000);
        const location = await started(teacher.browser, clip.length, "java-05");
        // Each client goes once the server is measuring its video: the whole body was read.
        let runs = ffprobe.runs();
        await requestThenVanish(`${site.url}${location}`, {
          method: "PATCH",
          headers: { ...asBrowser(teacher.browser, location), ...piece, "Upload-Offset": "0" },
          body: clip,
          goneWhen: () => ffprobe.runs() > runs,
        });
        runs = ffprobe.runs();
        const form = multipart([
          { name: "lesson", value: "java-06" },
          { name: "video", filename: "b.mp4", bytes: clip },
        ]);
        await requestThenVanish(`${site.url}/staff/uploads/form`, {
          headers: { ...asBrowser(teacher.browser, "/staff/uploads/form"), "Content-Type": form.type },
          body: form.body,
          goneWhen: () => ffprobe.runs() > runs,
        });
        for (const lesson of ["java-05", "java-06"]) {
          // A ceiling on waiting for the work the vanished clients left, not a speed check: on a machine
          // busy with the whole suite, two slow measurements and moves took longer than 15 seconds.
          const deadline = Date.now() + 60_000;
          while ((await lessonVideo(lesson)).duration_seconds !== 42 && Date.now() < deadline) await pause(100);
          expect((await lessonVideo(lesson)).video, lesson).toMatch(new RegExp(`^lessons/${lesson}/[0-9a-f]{32}\\.mp4$`));
        }
      } finally {
        ffprobe.set("quick");
      }
      await expectStillServing(site, workers);
      expect(await rowsOf(teacher.sub)).toEqual([]);
      // Room for the waits' ceiling above.
    }, 90_000);

    it("ffprobe failing on a finished upload is logged, and the length is read from the MP4's own header instead", async () => {
      const teacher = await person("teacher");
      ffprobe.set("broken");
      try {
        const clip = mp4Of(150_000);
        const location = await started(teacher.browser, clip.length, "java-08");
        expect((await send(teacher.browser, location, 0, clip)).status).toBe(204);
      } finally {
        ffprobe.set("quick");
      }
      const lesson = await lessonVideo("java-08");
      expect(lesson.video).toMatch(/^lessons\/java-08\//);
      expect(lesson.duration_seconds).toBeGreaterThan(0);
      expect(lesson.duration_seconds).not.toBe(42);
      await logged(site, (entry) => entry.msg === "ffprobe could not read a video's length" && String(entry.ffprobe).includes("moov atom"));
      await expectStillServing(site, workers);
    });

    it("an uploads folder that cannot be made fails the upload alone, with a log line", async () => {
      const teacher = await person("teacher");
      // MEDIA_DIR under a plain file: no folder can be made there.
      const blocked = join(folder, "a-file");
      writeFileSync(blocked, "");
      const second = await startServer({ ...site.database.env, ...env, MEDIA_DIR: join(blocked, "media") });
      try {
        const onSecond = sameSessionOn(second, teacher.browser);
        for (let attempt = 0; attempt < 2; attempt++) {
          const refused = await onSecond.request("/staff/uploads", {
            method: "POST",
            headers: { ...tus, "Upload-Length": "100", "Upload-Metadata": `lesson ${b64("java-01")}` },
          });
          expect(refused.status).toBe(500);
        }
        await logged(second, (entry) => entry.msg === "unhandled error" && String((entry.err as { code?: string }).code) === "ENOTDIR");
        await expectStillServing(second, listeningProcesses(second));
      } finally {
        await second.stop();
      }
    });

    it("a media file's byte range cut off mid-answer ends that answer only", async () => {
      for (const range of ["bytes=0-", "bytes=1000-"]) {
        expect(await readThenVanish(`${site.url}/media/big/lecture.mp4`, { Range: range })).toBe(206);
      }
      expect(await readThenVanish(`${site.url}/media/big/lecture.mp4`)).toBe(200);
      await logged(site, (entry) => entry.msg === "request" && entry.path === "/media/big/lecture.mp4" && entry.aborted === true);
      await expectStillServing(site, workers);
    });

    it("staff forms with files cut off mid-body or left during their work (a course picture, a quiz import) store nothing and every worker keeps serving", async () => {
      const teacher = await person("teacher");
      const picture = new Uint8Array(readFileSync("public/images/courses/java.svg"));
      const course = multipart([
        { name: "slug", value: "cut-off-course" },
        { name: "title", value: "A course cut off" },
        { name: "imageAlt", value: "A cup" },
        { name: "image", filename: "java.svg", bytes: new Uint8Array(Buffer.concat([Buffer.from(picture), Buffer.alloc(2 * MB, 32)])) },
      ]);
      const quiz = multipart([
        { name: "intent", value: "import" },
        { name: "format", value: "gift" },
        { name: "file", filename: "q.gift", bytes: new Uint8Array(Buffer.from("::Q1:: What is 2+2? {=4 ~3 ~5}\n\n".repeat(4000))) },
      ]);
      for (const [path, form] of [
        ["/staff/courses/new", course],
        ["/staff/quizzes/java", quiz],
      ] as const) {
        const headers = { ...asBrowser(teacher.browser, path), "Content-Type": form.type };
        await requestThenVanish(`${site.url}${path}`, { headers, body: form.body, sentBytes: Math.floor(form.body.length / 2) });
        await logged(site, (entry) => entry.msg === "request" && entry.path === path && entry.method === "POST");
        await expectStillServing(site, workers);
      }
      expect(await handle.db.selectFrom("courses").select("slug").where("slug", "=", "cut-off-course").execute()).toEqual([]);
      // Sent whole, the client gone while the picture is read and made smaller.
      const whole = multipart([
        { name: "slug", value: "left-course" },
        { name: "title", value: "A course left" },
        { name: "imageAlt", value: "A cup" },
        { name: "image", filename: "java.svg", bytes: picture },
      ]);
      const posts = () => site.logs.filter((entry) => entry.msg === "request" && entry.path === "/staff/courses/new").length;
      const before = posts();
      await requestThenVanish(`${site.url}/staff/courses/new`, {
        headers: { ...asBrowser(teacher.browser, "/staff/courses/new"), "Content-Type": whole.type },
        body: whole.body,
        afterMs: 0,
      });
      await until(() => posts() > before || workerLost(site), "the post's end logged");
      await expectStillServing(site, workers);

      // A picture the image library cannot read: the form says so, and so does the log.
      const damaged = new FormData();
      damaged.set("slug", "damaged-picture");
      damaged.set("title", "A damaged picture");
      damaged.set("imageAlt", "Nothing");
      damaged.set("image", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.alloc(500, 1)])]), "d.png");
      const refused = await teacher.browser.request("/staff/courses/new", { method: "POST", body: damaged });
      expect(refused.status).toBe(400);
      expect(visibleText(await refused.text())).toContain("This PNG picture could not be read; it may be damaged.");
      await logged(site, (entry) => entry.msg === "a course picture could not be read; the form says so" && entry.kind === "png");
    });
  });

  describe("what is left behind", () => {
    it("removes abandoned files of either kind when uploads are pruned (at start and hourly), keeping uploads still waiting", async () => {
      const teacher = await person("teacher");
      const kept = (await started(teacher.browser, 1000)).split("/").at(-1)!;
      const stale = (await started(teacher.browser, 1000)).split("/").at(-1)!;
      await handle.db
        .updateTable("video_uploads")
        .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
        .where("id", "=", stale)
        .execute();
      // A plain form post's file left by a crash, and an upload's description whose file is gone.
      writeFileSync(join(uploads, "0a".repeat(16)), "half a video");
      writeFileSync(join(uploads, `${"0b".repeat(16)}.json`), "{}");

      // A second server on the same database and folder prunes as it starts.
      const second = await startServer({ ...site.database.env, ...env });
      await second.stop();
      expect(second.logs.find((entry) => entry.msg === "removed the files of abandoned video uploads")).toMatchObject({ removed: 3 });
      const left = waiting();
      expect(left).toContain(kept);
      expect(left).toContain(`${kept}.json`);
      for (const gone of [stale, "0a".repeat(16), "0b".repeat(16)]) {
        expect(left).not.toContain(gone);
        expect(left).not.toContain(`${gone}.json`);
      }
      expect((await rowsOf(teacher.sub)).map((row) => row.id)).toEqual([kept]);
      expect((await teacher.browser.request(`/staff/uploads/${stale}`, { method: "HEAD", headers: tus })).status).toBe(404);
    });
  });

  describe("while the disk of the media folder is nearly full (UPLOAD_DISK_RESERVE_MB)", () => {
    let full: RunningServer;
    beforeAll(async () => {
      // A second server on the same database and folder, keeping free more than the disk has.
      const freeMb = Math.floor((Number(statfsSync(media).bavail) * Number(statfsSync(media).bsize)) / MB);
      full = await startServer({ ...site.database.env, ...env, UPLOAD_DISK_RESERVE_MB: String(freeMb + 100_000) });
    });
    afterAll(() => full?.stop());

    it("refuses a new upload, a piece of one begun and a plain form post, saying why, and keeps nothing", async () => {
      const teacher = await person("teacher");
      const begun = await started(teacher.browser, 1000);
      const onFull = sameSessionOn(full, teacher.browser);
      const before = waiting();
      const refused = await onFull.request("/staff/uploads", {
        method: "POST",
        headers: { ...tus, "Upload-Length": "1000", "Upload-Metadata": `lesson ${b64("java-01")}` },
      });
      expect(refused.status).toBe(507);
      expect(await refused.text()).toBe(
        "The site's disk is nearly full, so it cannot take a video now. Nothing was kept; please tell the site's administrators.",
      );
      const patch = await onFull.request(begun, {
        method: "PATCH",
        headers: { ...piece, "Upload-Offset": "0" },
        body: new Uint8Array(1000),
      });
      expect(patch.status).toBe(507);
      const form = multipart([
        { name: "lesson", value: "java-01" },
        { name: "video", filename: "a.mp4", bytes: mp4Of(200_000) },
      ]);
      const posted = await onFull.request("/staff/uploads/form", {
        method: "POST",
        headers: { "Content-Type": form.type },
        body: form.body,
      });
      expect(posted.headers.get("location")).toBe("/staff/courses/java/lessons/java-01?video-problem=disk");
      expect(visibleText(await (await onFull.request(posted.headers.get("location")!)).text())).toContain(
        "The site's disk is nearly full, so it cannot take a video now.",
      );
      expect(waiting()).toEqual(before);
      expect(await offsetOf(teacher.browser, begun)).toBe("0");
      expect(await rowsOf(teacher.sub)).toHaveLength(1);
    });
  });
});

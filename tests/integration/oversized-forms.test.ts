import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { registerIn } from "../setup/accounts.ts";
import { engines } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { wireRequest } from "../setup/raw-request.ts";
import { startSite, type RunningSite } from "../setup/server.ts";
import { until } from "../setup/waiting.ts";

// A staff form over its size limit (11 MB: a course picture of 12 MB) answers with the form again,
// the file named as too large and everything typed kept, and stores nothing; a post far beyond any
// picture (over 512 MB) is refused at once with a sentence.

/** Over the staff forms' 11 MB: the file, not the fields, is what does not fit. */
const twelveMegabytes = () => new Blob([new Uint8Array(12 * 1024 * 1024).fill(7)], { type: "image/png" });

describe.each(engines)("staff forms over their size limit on %s", (engine) => {
  let site: RunningSite;
  let handle: DatabaseHandle;
  let media: string;
  let admin: TestBrowser;
  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), "oversized-media-"));
    const email = `root-oversized-${process.pid}@college.example`;
    site = await startSite({ TRUST_PROXY: "1", MEDIA_DIR: media, ADMIN_EMAILS: email }, engine);
    handle = site.database.open();
    admin = new TestBrowser(site.url, "198.51.100.90");
    await registerIn(admin, email, "Oversized Admin");
  });
  afterAll(async () => {
    await handle?.close();
    await site?.stop();
    rmSync(media, { recursive: true, force: true });
  });

  const post = (path: string, fields: Record<string, string>, file: { field: string; name: string; blob: Blob }) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set(file.field, file.blob, file.name);
    return admin.request(path, { method: "POST", body: form });
  };
  const courses = () => handle.db.selectFrom("courses").select(["slug", "title", "image_alt", "image_src"]).orderBy("slug").execute();

  it("a new course with a picture of 12 MB: the form again, the picture named too large, every typed value kept", async () => {
    const before = await courses();
    const fields = { title: "Watercolour Basics", slug: "watercolour-basics", imageAlt: "A brush over a wet blue wash" };
    const response = await post("/staff/courses/new", fields, { field: "image", name: "wash.png", blob: twelveMegabytes() });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain("The picture is larger than 10 MB. Please choose a smaller one.");
    for (const value of Object.values(fields)) expect(html).toContain(`value="${value}"`);
    expect(await courses()).toEqual(before);
    expect(readdirSync(media)).toEqual([]);
  });

  it("a course's details with a picture of 12 MB: the same, and the course as it was", async () => {
    const before = await courses();
    const fields = { intent: "details", title: "Java, retitled", imageAlt: "A cup of coffee" };
    const response = await post("/staff/courses/java", fields, { field: "image", name: "cup.png", blob: twelveMegabytes() });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain("The picture is larger than 10 MB. Please choose a smaller one.");
    expect(html).toContain('value="Java, retitled"');
    expect(html).toContain('value="A cup of coffee"');
    expect(await courses()).toEqual(before);
  });

  it("the same through React Router's own request (a browser with JavaScript): the form's reply, not an error page", async () => {
    const fields = { title: "Watercolour Basics", slug: "watercolour-basics", imageAlt: "A wash" };
    const response = await post("/staff/courses/new.data", fields, { field: "image", name: "wash.png", blob: twelveMegabytes() });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("The picture is larger than 10 MB. Please choose a smaller one.");
    expect(body).toContain("Watercolour Basics");
  });

  it("a quiz file or captions of 12 MB: named too large, nothing imported or replaced", async () => {
    const questions = () => handle.db.selectFrom("quiz_questions").select("id").execute();
    const lesson = () => handle.db.selectFrom("lesson_captions").selectAll().where("lesson_id", "=", "java-01").execute();
    const [questionsBefore, lessonBefore] = [await questions(), await lesson()];
    const text = new Blob([new Uint8Array(12 * 1024 * 1024).fill(65)], { type: "text/plain" });
    const quiz = await post("/staff/quizzes/java", { intent: "import", format: "gift" }, { field: "file", name: "quiz.gift", blob: text });
    expect(quiz.status).toBe(400);
    expect(visibleText(await quiz.text())).toContain("The file is larger than 512 KB.");
    const captions = await post(
      "/staff/courses/java/lessons/java-01",
      { intent: "captions", language: "en" },
      { field: "captions", name: "c.vtt", blob: text },
    );
    expect(captions.status).toBe(400);
    expect(visibleText(await captions.text())).toContain("The captions file is larger than 1024 KB.");
    expect(await questions()).toEqual(questionsBefore);
    expect(await lesson()).toEqual(lessonBefore);
  });

  it("refuses at once, with a sentence, a post far beyond any picture, a form of fields alone over the limit, and a form that cannot be read", async () => {
    const host = new URL(site.url).host;
    const cookie = admin.jar.headerFor(new URL("/staff/courses/new", site.url));
    const head = (type: string, length: number) =>
      `POST /staff/courses/new HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
    // Declared, never sent: the answer comes before the body.
    const huge = await wireRequest(site.url, head("multipart/form-data; boundary=x", 600 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(huge.body).toContain("This form is too large to send: this page takes at most 11 MB.");

    const words = `title=${"w".repeat(12 * 1024 * 1024)}`;
    const typed = await wireRequest(site.url, head("application/x-www-form-urlencoded", words.length), Buffer.from(words));
    expect(typed.status).toBe(413);

    const boundary = "fields-alone";
    const fields = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${"w".repeat(12 * 1024 * 1024)}\r\n--${boundary}--\r\n`;
    const multipartFields = await wireRequest(
      site.url,
      head(`multipart/form-data; boundary=${boundary}`, fields.length),
      Buffer.from(fields),
    );
    expect(multipartFields.status).toBe(413);

    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n${"x".repeat(12 * 1024 * 1024)}`;
    const unreadable = await wireRequest(site.url, head(`multipart/form-data; boundary=${boundary}`, cut.length), Buffer.from(cut));
    expect(unreadable.status).toBe(400);
    expect(unreadable.body).toContain("This form could not be read");
    // The process reading it is still there.
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    expect(await courses()).not.toContainEqual(expect.objectContaining({ slug: "watercolour-basics" }));
  });

  it("reads an oversized form only from a teacher or an administrator: a visitor's or a student's is refused at once", async () => {
    const student = new TestBrowser(site.url, "198.51.100.91");
    await registerIn(student, `student-oversized-${process.pid}@college.example`, "Oversized Student");
    for (const sender of [new TestBrowser(site.url, "198.51.100.92"), student]) {
      const form = new FormData();
      form.set("title", "Watercolour Basics");
      form.set("image", twelveMegabytes(), "wash.png");
      const response = await sender.request("/staff/courses/new", { method: "POST", body: form });
      expect(response.status).toBe(413);
      expect(await response.text()).toContain("This form is too large to send: this page takes at most 11 MB.");
    }
  });

  it("keeps what was typed after a picture that filled the room: the picture is left out, not the form", async () => {
    const form = new FormData();
    // Ten bytes short of the 11 MB the server holds: the fields typed after it do not fit beside it.
    form.set("image", new Blob([new Uint8Array(11 * 1024 * 1024 - 10).fill(7)], { type: "image/png" }), "wash.png");
    form.set("title", "Watercolour Basics");
    form.set("slug", "watercolour-basics");
    form.set("imageAlt", "A brush over a wet blue wash");
    const response = await admin.request("/staff/courses/new", { method: "POST", body: form });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain("The picture is larger than 10 MB. Please choose a smaller one.");
    expect(html).toContain('value="Watercolour Basics"');
    expect(await courses()).not.toContainEqual(expect.objectContaining({ slug: "watercolour-basics" }));
  });

  it("reads at most four oversized forms at once; the next is told to come back, with Retry-After", async () => {
    const { port, hostname, host } = new URL(site.url);
    const cookie = admin.jar.headerFor(new URL("/staff/courses/new", site.url));
    const opened: Socket[] = [];
    /** A post of 20 MB whose body never comes: its answer, or null when it is still being read after a second. */
    const slowPost = () =>
      new Promise<string | null>((resolve) => {
        const socket = connect(Number(port), hostname);
        opened.push(socket);
        let answer = "";
        socket.on("data", (chunk) => (answer += chunk.toString()));
        socket.on("error", () => resolve(answer));
        socket.write(
          `POST /staff/courses/new HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\n` +
            `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n--x\r\n`,
        );
        setTimeout(() => resolve(answer || null), 1000);
      });
    try {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await slowPost());
      expect(answers.slice(0, 4)).toEqual([null, null, null, null]);
      expect(answers[4]).toMatch(/^HTTP\/1\.1 503 /);
      expect(answers[4]).toMatch(/\r\nRetry-After: 60\r\n/i);
      expect(answers[4]).toContain("The site is busy receiving other large forms.");
    } finally {
      for (const socket of opened) socket.destroy();
    }
    // The readers of the four are freed when their senders go.
    await until(async () => (await slowPost()) === null, "a reader free again");
  });

  it("keeps answering when a teacher's connection drops in the middle of a picture far too large", async () => {
    const { port, hostname } = new URL(site.url);
    const boundary = "dropped";
    const start = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHalf sent\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n`;
    const socket = connect(Number(port), hostname);
    socket.write(
      `POST /staff/courses/new HTTP/1.1\r\nHost: ${new URL(site.url).host}\r\nCookie: ${admin.jar.headerFor(new URL("/staff/courses/new", site.url))}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n${start}`,
    );
    // Written out of our hands once the server has read all but what the kernel buffers: mid-file.
    await new Promise((resolve) => socket.write(Buffer.alloc(12 * 1024 * 1024, 7), resolve));
    socket.destroy();
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    expect(await courses()).not.toContainEqual(expect.objectContaining({ title: "Half sent" }));
  });

  it("logged no error", () => {
    expect(site.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { changeContent } from "#app/lib/content-versions/content-versions.server.ts";
import { join } from "node:path";
import sharp from "sharp";
import { questionsByQuiz } from "#app/content/seeds/quiz-questions/index.server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignRole } from "#app/features/auth/roles.server.ts";
import type { Role } from "#app/features/auth/roles.ts";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { reachCallback, registerIn } from "../setup/accounts.ts";
import { storeMessage } from "../setup/contact-outbox.ts";
import { engines } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { startSite, type RunningSite } from "../setup/server.ts";
import { putOnTeam } from "../setup/teams.ts";

let people = 0;
const react = questionsByQuiz.react!;

/** The staff pages, and a form post each takes: none may be opened by a student. */
const staffPages = [
  "/staff",
  "/staff/courses",
  "/staff/courses/new",
  "/staff/courses/java",
  "/staff/courses/java/stats",
  "/staff/courses/java/stats.csv?table=lessons",
  "/staff/courses/java/stats.csv?table=students",
  "/staff/courses/java/preview",
  "/staff/courses/java/lessons/new",
  "/staff/courses/java/lessons/java-01",
  "/staff/quizzes",
  "/staff/quizzes/java",
  "/staff/quizzes/java/preview",
  "/staff/quizzes/java/export.gift",
  "/staff/quizzes/java/results",
  "/staff/quizzes/java/results.csv",
  "/staff/feedback",
  "/staff/accounts",
  "/staff/audit",
  "/staff/newsletter.csv",
];
const staffActions: [string, Record<string, string>][] = [
  ["/staff/courses/new", { slug: "sneaky", title: "Sneaky course" }],
  ["/staff/courses/java", { intent: "unpublish" }],
  ["/staff/courses/java/lessons/new", { title: "Sneaky lesson", description: "A lesson that should never be stored anywhere at all." }],
  ["/staff/courses/java/lessons/java-01", { intent: "unpublish" }],
  ["/staff/courses/java/lessons/java-01", { intent: "notes", notes: "## Written by a student" }],
  ["/staff/quizzes", { slug: "sneaky", title: "Sneaky", coursePath: "/courses/java" }],
  ["/staff/quizzes/java", { intent: "unpublish" }],
  ["/staff/feedback", { intent: "delete", id: "0".repeat(24), confirmed: "yes" }],
  ["/staff/accounts", { intent: "disable", sub: "anyone" }],
  ["/staff/accounts", { intent: "role-by-address", email: "someone@college.example", role: "admin" }],
];

const tinyPng = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: "#123456" } })
    .png()
    .toBuffer();

describe.each(engines)("the staff area on %s", (engine) => {
  let site: RunningSite;
  let handle: DatabaseHandle;
  let media: string;
  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), "staff-media-"));
    site = await startSite(
      { TRUST_PROXY: "1", MEDIA_DIR: media, MAX_UPLOAD_MB: "1", ADMIN_EMAILS: `root-${process.pid}@college.example` },
      engine,
    );
    handle = site.database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await site?.stop();
    rmSync(media, { recursive: true, force: true });
  });

  /** A browser signed in as a new person with this role; a teacher teaches the seeded Java and Express courses and the Java and React quizzes. */
  async function person(role: Role | "root") {
    people += 1;
    const email = role === "root" ? `root-${process.pid}@college.example` : `${role}-${people}-${process.pid}@college.example`;
    if (role !== "root" && role !== "student") await assignRole(handle.db, email, role);
    if (role === "teacher") {
      for (const course of ["java", "express"]) await putOnTeam(handle.db, "course", course, email);
      for (const quiz of ["java", "react"]) await putOnTeam(handle.db, "quiz", quiz, email);
    }
    const browser = new TestBrowser(site.url, `198.51.100.${people}`);
    await registerIn(browser, email, `${role} ${people}`);
    return { browser, email };
  }
  let administrator: Awaited<ReturnType<typeof person>> | undefined;
  /** The one administrator (ADMIN_EMAILS), signed in once. */
  const admin = async () => (administrator ??= await person("root"));
  const auditCount = async () => (await handle.db.selectFrom("audit_log").select("id").execute()).length;

  describe("who may open what", () => {
    it("answers a student 403 on every staff page and action, and changes nothing", async () => {
      const { browser } = await person("student");
      const before = await auditCount();
      for (const path of staffPages) expect((await browser.request(path)).status, path).toBe(403);
      for (const [path, form] of staffActions) expect((await browser.postForm(path, form)).status, path).toBe(403);
      const upload = await browser.request("/staff/uploads", {
        method: "POST",
        headers: { "Tus-Resumable": "1.0.0", "Upload-Length": "10", "Upload-Metadata": `lesson ${btoa("java-01")}` },
      });
      expect(upload.status).toBe(403);
      expect(await auditCount()).toBe(before);
      expect((await handle.db.selectFrom("courses").select("slug").where("slug", "=", "sneaky").execute()).length).toBe(0);
    });

    it("sends a visitor to sign in, and keeps teachers out of the administrators' pages and moderators out of the content", async () => {
      const visitor = await new TestBrowser(site.url).request("/staff/courses");
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toBe("/signin?return_to=%2Fstaff%2Fcourses");
      const teacher = await person("teacher");
      for (const path of ["/staff/accounts", "/staff/audit", "/staff/newsletter.csv", "/staff/feedback"])
        expect((await teacher.browser.request(path)).status, path).toBe(403);
      expect((await teacher.browser.request("/staff/courses")).status).toBe(200);
      const moderator = await person("moderator");
      for (const path of ["/staff/courses", "/staff/quizzes"]) expect((await moderator.browser.request(path)).status, path).toBe(403);
      expect(visibleText(await (await moderator.browser.request("/staff")).text())).toContain("Contact messages");
    });

    it("answers a teacher and a moderator 403 on every account action, for anyone's account or their own, and changes nothing", async () => {
      const target = await person("student");
      const disabled = await person("student");
      const subOf = async (email: string) =>
        (await handle.db.selectFrom("people").select("sub").where("email", "=", email).executeTakeFirstOrThrow()).sub;
      const [targetSub, disabledSub] = [await subOf(target.email), await subOf(disabled.email)];
      await handle.db
        .updateTable("people")
        .set({ disabled_at: new Date().toISOString(), disabled_by: "An administrator" })
        .where("sub", "=", disabledSub)
        .execute();
      /** Everything an account action changes: roles by address, who is disabled, open sessions and their roles, the audit log. */
      const accounts = async () => ({
        people: await handle.db.selectFrom("people").select(["sub", "disabled_at", "disabled_by"]).orderBy("sub").execute(),
        roles: await handle.db.selectFrom("user_roles").selectAll().orderBy("email").execute(),
        sessions: await handle.db.selectFrom("sessions").select(["sub", "role"]).orderBy("sub").orderBy("role").execute(),
        audit: await auditCount(),
      });
      for (const role of ["teacher", "moderator"] as const) {
        const staff = await person(role);
        const ownSub = await subOf(staff.email);
        const before = await accounts();
        expect((await staff.browser.request("/staff/accounts")).status, role).toBe(403);
        for (const [path, form] of [
          ["/staff/accounts", { intent: "role", sub: targetSub, role: "admin" }],
          ["/staff/accounts", { intent: "role", sub: ownSub, role: "admin" }],
          ["/staff/accounts", { intent: "disable", sub: targetSub }],
          ["/staff/accounts", { intent: "enable", sub: disabledSub }],
          ["/staff/accounts", { intent: "role-by-address", email: staff.email, role: "admin" }],
          ["/staff/accounts", { intent: "role-by-address", email: "newcomer@college.example", role: "teacher" }],
          // React Router's own form requests reach the same action.
          ["/staff/accounts.data", { intent: "role", sub: ownSub, role: "admin" }],
          ["/staff/accounts.data", { intent: "disable", sub: targetSub }],
        ] as const) {
          expect((await staff.browser.postForm(path, form)).status, `${role}: ${JSON.stringify(form)}`).toBe(403);
        }
        expect(await accounts(), role).toEqual(before);
        // Still signed in with the same role, and the student still may not open the staff pages.
        expect((await staff.browser.request("/staff/audit")).status, role).toBe(403);
        expect((await target.browser.request("/staff/courses")).status).toBe(403);
        expect((await target.browser.request("/profile")).status).toBe(200);
      }
    });

    it("leads back through the staff area, not the public pages, and offers administrators the newsletter list", async () => {
      const teacher = await person("teacher");
      const breadcrumb = async (path: string) => {
        const html = await (await teacher.browser.request(path)).text();
        return visibleText(/<nav aria-label="Breadcrumb"[^]*?<\/nav>/.exec(html)![0]).trim();
      };
      expect(await breadcrumb("/staff/courses/java/lessons/java-01")).toMatch(/^Home \/ Staff area \/ Courses \/ Java[^/]* \/ /);
      expect(await breadcrumb("/staff/quizzes/java/preview")).toMatch(/^Home \/ Staff area \/ Quizzes \/ Java \/ Preview/);
      expect(await breadcrumb("/staff/courses")).not.toContain("Pages");
      const teachersStart = await (await teacher.browser.request("/staff")).text();
      expect(teachersStart).not.toContain('href="/staff/newsletter.csv"');
      const root = await admin();
      const adminsStart = await (await root.browser.request("/staff")).text();
      expect(adminsStart).toContain('href="/staff/newsletter.csv"');
      expect(visibleText(adminsStart)).toContain("Newsletter list (CSV)");
    });

    it("lets an administrator open every course and quiz page a teacher opens", async () => {
      const root = await admin();
      const contentPages = staffPages.filter((path) => !["/staff/accounts", "/staff/audit", "/staff/newsletter.csv"].includes(path));
      expect(contentPages.length).toBeGreaterThan(10);
      for (const path of contentPages) expect((await root.browser.request(path)).status, path).toBe(200);
      const java = await handle.db.selectFrom("courses").select("title").where("slug", "=", "java").executeTakeFirstOrThrow();
      expect(visibleText(await (await root.browser.request("/staff/courses")).text())).toContain(java.title);
      const quiz = visibleText(await (await root.browser.request("/staff/quizzes/java")).text());
      expect(quiz).toContain(questionsByQuiz.java![0]!.question);
    });
  });

  describe("destructive actions", () => {
    it("ask first, saying what follows, and change nothing until confirmed", async () => {
      const teacher = await person("teacher");
      const slug = `confirm-${people}`;
      expect((await teacher.browser.postForm("/staff/courses/new", { slug, title: "Confirm first" })).status).toBe(302);
      const lesson = await teacher.browser.postForm(`/staff/courses/${slug}/lessons/new`, {
        title: "Only lesson",
        description: "The lesson to delete.",
      });
      const lessonPath = new URL(lesson.headers.get("location")!, site.url).pathname;
      expect((await teacher.browser.postForm(`/staff/courses/${slug}`, { intent: "publish" })).status).toBe(303);
      const target = await person("student");
      const { sub } = await handle.db.selectFrom("people").select("sub").where("email", "=", target.email).executeTakeFirstOrThrow();
      const root = await admin();
      const state = async () => ({
        course: await handle.db.selectFrom("courses").select("status").where("slug", "=", slug).executeTakeFirstOrThrow(),
        lessons: await handle.db.selectFrom("lessons").select("id").where("course_slug", "=", slug).execute(),
        questions: (await handle.db.selectFrom("quiz_questions").select("id").where("quiz_slug", "=", "java").execute()).length,
        person: await handle.db.selectFrom("people").select("disabled_at").where("sub", "=", sub).executeTakeFirstOrThrow(),
        audit: await auditCount(),
      });
      const before = await state();
      const [question] = questionsByQuiz.java!;
      for (const [browser, path, form, asked] of [
        [teacher.browser, `/staff/courses/${slug}`, { intent: "unpublish" }, "Unpublish the course? Learners will no longer find it"],
        [
          teacher.browser,
          lessonPath,
          { intent: "delete" },
          "Delete the lesson “Only lesson”? Its notes, its video and its captions are deleted",
        ],
        [teacher.browser, "/staff/quizzes/java", { intent: "question-delete", id: question!.id }, "Delete this question?"],
        [teacher.browser, "/staff/quizzes/java", { intent: "unpublish" }, "Unpublish the quiz? Learners can no longer take it"],
        [root.browser, "/staff/accounts", { intent: "disable", sub }, "Disable this account? The person is signed out everywhere at once"],
      ] as const) {
        const answer = await browser.postForm(path, form);
        expect(answer.status, path).toBe(200);
        const text = visibleText(await answer.text());
        expect(text, path).toContain(asked);
        expect(text, path).toContain("Cancel: keep it as it is");
      }
      expect(await state()).toEqual(before);
      // Confirmed, it is done.
      expect((await teacher.browser.postForm(`/staff/courses/${slug}`, { intent: "unpublish", confirmed: "yes" })).status).toBe(303);
      expect((await state()).course.status).toBe("draft");
    });
  });

  describe("courses", () => {
    it("refuses a bad address, a taken one, a listing's, and a picture that is no picture, storing nothing", async () => {
      const { browser } = await person("teacher");
      const before = await handle.db.selectFrom("courses").select("slug").execute();
      const post = (fields: Record<string, string>, image?: Blob) => {
        const body = new FormData();
        for (const [name, value] of Object.entries(fields)) body.set(name, value);
        if (image) body.set("image", image, "../../../etc/cover.png");
        return browser.request("/staff/courses/new", { method: "POST", body });
      };
      for (const [fields, message] of [
        [{ slug: "Web Design!", title: "Web Design" }, "Use lower-case letters, digits and single hyphens"],
        [{ slug: "java", title: "Another Java" }, "There is already a course at /courses/java."],
        [{ slug: "mern", title: "MERN again" }, "This address belongs to a course listing."],
        [{ slug: "ok-slug", title: "" }, "The title is required."],
      ] as const) {
        const response = await post(fields);
        expect([400, 409], JSON.stringify(fields)).toContain(response.status);
        expect(visibleText(await response.text())).toContain(message);
      }
      const notAPicture = await post(
        { slug: "fake-picture", title: "Fake picture", imageAlt: "x" },
        new Blob(["GIF89a not really"], { type: "image/png" }),
      );
      expect(notAPicture.status).toBe(400);
      expect(visibleText(await notAPicture.text())).toContain("This file is not a PNG, JPEG, WebP or SVG picture.");
      const script = await post(
        { slug: "svg-script", title: "SVG with a script", imageAlt: "x" },
        new Blob(['<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="5" height="5"/></svg>'], {
          type: "image/svg+xml",
        }),
      );
      expect(visibleText(await script.text())).toContain("This SVG contains a script.");
      const linked = await post(
        { slug: "svg-linked", title: "SVG with a link", imageAlt: "x" },
        new Blob(
          [
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="file:///etc/passwd"/></svg>',
          ],
          { type: "image/svg+xml" },
        ),
      );
      expect(visibleText(await linked.text())).toContain("This SVG links to other files.");
      expect(await handle.db.selectFrom("courses").select("slug").execute()).toEqual(before);
      expect(readdirSync(media, { recursive: true })).toEqual([]);

      // A good picture under a name with path tricks is stored under a name of the site's own.
      const created = await post(
        { slug: "named-safely", title: "Named safely", imageAlt: "A dark blue square" },
        new Blob([new Uint8Array(await tinyPng())], { type: "image/png" }),
      );
      expect(created.status).toBe(302);
      const course = await handle.db.selectFrom("courses").selectAll().where("slug", "=", "named-safely").executeTakeFirstOrThrow();
      expect(course.image_src).toMatch(/^course-images\/named-safely-[0-9a-f]{12}\.webp$/);
      expect(readdirSync(join(media, "course-images"))).toEqual([course.image_src.split("/")[1]]);
      const picture = await fetch(`${site.url}/media/${course.image_src}`);
      expect(picture.headers.get("content-type")).toBe("image/webp");
      const stored = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
      expect([stored.width, stored.height, stored.exif]).toEqual([1200, 800, undefined]);
    });
  });

  describe("lessons", () => {
    it("keep a draft from learners, show it once published, and keep each learner's progress with its lesson when moved", async () => {
      const teacher = await person("teacher");
      const learner = await person("student");
      await learner.browser.postForm("/progress", { course: "express", lesson: "2", finished: "true" });
      const created = await teacher.browser.postForm("/staff/courses/express/lessons/new", {
        title: "Deploying an Express App",
        description: "Put the REST API of the last lesson online, with environment variables and a process manager.",
      });
      expect(created.status).toBe(303);
      const id = new URL(created.headers.get("location")!, site.url).pathname.split("/").pop()!;
      const page = async () => visibleText(await (await learner.browser.request("/courses/mern/express")).text());
      expect(await page()).toContain("7 lessons");
      expect(await page()).not.toContain("Deploying an Express App");

      expect((await teacher.browser.postForm(`/staff/courses/express/lessons/${id}`, { intent: "publish" })).status).toBe(303);
      expect(await page()).toContain("8 lessons");
      expect(await page()).toContain("Deploying an Express App");

      // The new lesson moved to the top: the finished lesson is now number 3, and still finished.
      const ids = (
        await handle.db.selectFrom("lessons").select("id").where("course_slug", "=", "express").orderBy("position").execute()
      ).map((row) => row.id);
      const order = [id, ...ids.filter((other) => other !== id)];
      expect((await teacher.browser.postForm("/staff/courses/express", { intent: "reorder", order: order.join(",") })).status).toBe(303);
      const third = visibleText(await (await learner.browser.request("/courses/mern/express?lesson=3")).text());
      expect(third).toContain("Routing and Route Parameters");
      expect(third).toContain("You have finished this lesson.");
      // The Up and Down buttons (the keyboard's and a browser without JavaScript's way) move one place.
      expect((await teacher.browser.postForm("/staff/courses/express", { intent: "move-down", lesson: id })).status).toBe(303);
      const moved = (
        await handle.db.selectFrom("lessons").select("id").where("course_slug", "=", "express").orderBy("position").execute()
      ).map((row) => row.id);
      expect(moved.slice(0, 2)).toEqual([order[1], id]);
      // An order made from an out-of-date page is refused whole.
      const stale = await teacher.browser.postForm("/staff/courses/express", {
        intent: "reorder",
        order: ids.filter((other) => other !== id).join(","),
      });
      expect(stale.status).toBe(409);
    });

    it("take notes in Markdown: a preview stores nothing, saved notes reach learners inert, too long ones are refused", async () => {
      const teacher = await person("teacher");
      const lessonPage = "/staff/courses/java/lessons/java-02";
      const notes = async () =>
        (await handle.db.selectFrom("lessons").select("notes").where("id", "=", "java-02").executeTakeFirstOrThrow()).notes;
      const learnerPage = async () => {
        const html = await (await fetch(`${site.url}/courses/java?lesson=2`)).text();
        const start = html.indexOf('id="lesson-notes-heading"');
        return html.slice(start, html.indexOf("</section>", start));
      };
      const before = await notes();
      const audit = await auditCount();
      const written = [
        "## Loops in practice",
        "",
        "A `for` loop counts; see [the first lesson](/courses/java?lesson=1).",
        "",
        "<script>alert('notes')</script>",
        "",
        "[Click me](javascript:alert(1)) <img src=x onerror=alert(2)>",
        "",
        "```java",
        "for (int i = 0; i < 3; i++) System.out.println(i);",
        "```",
      ].join("\n");

      const preview = await teacher.browser.postForm(lessonPage, { intent: "notes-preview", notes: written });
      expect(preview.status).toBe(200);
      const previewHtml = await preview.text();
      expect(visibleText(previewHtml)).toContain("Preview (not saved yet)");
      expect(previewHtml).toContain("<h3>Loops in practice</h3>");
      // The typed text comes back in its field, for more editing.
      expect(previewHtml).toContain("## Loops in practice");
      expect(await notes()).toBe(before);
      expect(await auditCount()).toBe(audit);

      const tooLong = await teacher.browser.postForm(lessonPage, { intent: "notes", notes: "x".repeat(40_001) });
      expect(tooLong.status).toBe(400);
      expect(visibleText(await tooLong.text())).toContain("The notes can have at most 40,000 characters.");
      expect(await notes()).toBe(before);

      expect((await teacher.browser.postForm(lessonPage, { intent: "notes", notes: written })).status).toBe(303);
      expect(await notes()).toBe(written);
      expect(await auditCount()).toBe(audit + 1);
      const shown = await learnerPage();
      expect(shown).toContain("<h3>Loops in practice</h3>");
      expect(shown).toContain('<a href="/courses/java?lesson=1">the first lesson</a>');
      expect(shown).toContain('<code class="hljs language-java">');
      expect(shown).not.toMatch(/<script|<img|onerror|javascript:/i);
    });

    describe("captions", () => {
      const tracks = (lesson: string) =>
        handle.db
          .selectFrom("lesson_captions")
          .select(["language", "label", "file"])
          .where("lesson_id", "=", lesson)
          .orderBy("position")
          .execute();
      const vttFiles = () => readdirSync(media, { recursive: true }).filter((name) => String(name).endsWith(".vtt"));
      const upload = (browser: TestBrowser, lesson: string, fields: Record<string, string>, text: string) => {
        const body = new FormData();
        body.set("intent", "captions");
        for (const [name, value] of Object.entries(fields)) body.set(name, value);
        body.set("captions", new Blob([text], { type: "text/vtt" }), "lesson.vtt");
        return browser.request(`/staff/courses/java/lessons/${lesson}`, { method: "POST", body });
      };
      const cue = (words: string) => `WEBVTT\n\n00:01.000 --> 00:04.000\n${words}\n`;

      it("refuse a cue that ends the moment it starts, saying which line and why, and store nothing", async () => {
        const { browser } = await person("teacher");
        const before = await tracks("java-02");
        const audit = await auditCount();

        const refused = await upload(browser, "java-02", { language: "en" }, `${cue("First")}\n00:05.000 --> 00:05.000\nNo time at all\n`);
        expect(refused.status).toBe(400);
        expect(visibleText(await refused.text())).toContain(
          "Line 6: the cue must end after it starts, but it starts at 00:05.000 and ends at 00:05.000.",
        );
        expect(await tracks("java-02")).toEqual(before);
        expect(vttFiles()).toEqual([]);
        expect(await auditCount()).toBe(audit);

        // The same file with the cue lasting a millisecond is taken, in place of the English captions.
        const saved = await upload(browser, "java-02", { language: "en" }, `${cue("First")}\n00:05.000 --> 00:05.001\nA blink\n`);
        expect(saved.status).toBe(303);
        expect(await tracks("java-02")).toEqual([
          { language: "en", label: "English", file: expect.stringMatching(/^lessons\/java-02\/[0-9a-f]{16}\.vtt$/) },
        ]);
      });

      it("keep several tracks per lesson, each with its language and label, in the player's menu and the editor", async () => {
        const { browser } = await person("teacher");
        // The lesson plays: its video is in the media folder (the seeded English captions file is not, so the player leaves it out).
        mkdirSync(join(media, "java"), { recursive: true });
        writeFileSync(join(media, "java", "05.mp4"), "not really a video, but a file that is there");
        expect((await upload(browser, "java-05", { language: "HI", label: "" }, cue("नमस्ते"))).status).toBe(303);
        expect((await upload(browser, "java-05", { language: "en_IN", label: "English (India)" }, cue("Hello"))).status).toBe(303);
        // The seeded English track keeps its place, with a new file and label.
        expect((await upload(browser, "java-05", { language: "en", label: "English, with sounds" }, cue("[music] Hi"))).status).toBe(303);
        const stored = await tracks("java-05");
        expect(stored.map(({ language, label }) => [language, label])).toEqual([
          ["en", "English, with sounds"],
          ["hi", "Hindi"],
          ["en-IN", "English (India)"],
        ]);

        const player = await (await fetch(`${site.url}/courses/java?lesson=5`)).text();
        const trackTags = [...player.matchAll(/<track [^>]*>/g)].map(([tag]) => tag);
        expect(trackTags).toEqual(
          stored.map(({ file, language, label }) => `<track kind="captions" src="/media/${file}" srcLang="${language}" label="${label}"/>`),
        );
        expect(visibleText(player)).toContain("Captions: English, with sounds, Hindi, English (India) (CC button)");
        const served = await fetch(`${site.url}/media/${stored[1]!.file}`);
        expect(served.headers.get("content-type")).toMatch(/^text\/vtt/);
        expect(await served.text()).toContain("नमस्ते");

        const editor = visibleText(await (await browser.request("/staff/courses/java/lessons/java-05")).text());
        expect(editor).toMatch(/English, with sounds \(language en\).*Hindi \(language hi\).*English \(India\) \(language en-IN\)/s);
        expect(visibleText(await (await browser.request("/staff/courses/java")).text())).toContain(
          "Captions: English, with sounds, Hindi, English (India)",
        );
        const audit = await handle.db.selectFrom("audit_log").select(["action", "after"]).where("subject", "=", "lesson:java-05").execute();
        expect(audit.filter((line) => line.action === "lesson.captions").map((line) => JSON.parse(line.after!).language)).toEqual([
          "hi",
          "en-IN",
          "en",
        ]);
      });

      it("refuse a language that is none, a label too long or another track's, and a track past the most, storing nothing", async () => {
        const { browser } = await person("teacher");
        expect((await upload(browser, "java-06", { language: "ta", label: "Tamil" }, cue("Vanakkam"))).status).toBe(303);
        const before = { tracks: await tracks("java-06"), files: vttFiles(), audit: await auditCount() };
        for (const [fields, status, message] of [
          [{}, 400, "Say which language the captions are in, as a code like en, hi or ta."],
          [{ language: "english" }, 400, "“english” is not a language code. Use one like en, hi, ta or en-IN."],
          [{ language: "en--GB" }, 400, "“en--GB” is not a language code."],
          [{ language: "en-XX" }, 400, "“en-XX” is not a language code."],
          [{ language: "en", label: "x".repeat(61) }, 400, "The label can have at most 60 characters."],
          [{ language: "kn", label: "Tamil" }, 409, "The ta captions are already labelled “Tamil”. Give these another label."],
        ] as const) {
          const answer = await upload(browser, "java-06", fields, cue("Refused"));
          expect(answer.status, JSON.stringify(fields)).toBe(status);
          expect(visibleText(await answer.text()), JSON.stringify(fields)).toContain(message);
        }
        expect({ tracks: await tracks("java-06"), files: vttFiles(), audit: await auditCount() }).toEqual(before);

        // Twelve tracks at most; a new language then is refused, a language already there is still replaced.
        const languages = ["ta", "en", "hi", "te", "kn", "ml", "mr", "bn", "gu", "pa", "ur", "or"];
        await changeContent(handle.db, "courses", (trx) =>
          trx
            .insertInto("lesson_captions")
            .values(
              languages
                .filter((language) => !["ta", "en"].includes(language))
                .map((language, index) => ({
                  lesson_id: "java-06",
                  language,
                  label: language,
                  file: `java/06.${language}.vtt`,
                  position: index + 3,
                  created_at: new Date().toISOString(),
                })),
            )
            .execute(),
        );
        const full = await tracks("java-06");
        expect(full.map((track) => track.language).sort()).toEqual([...languages].sort());
        const thirteenth = await upload(browser, "java-06", { language: "as" }, cue("One too many"));
        expect(thirteenth.status).toBe(409);
        expect(visibleText(await thirteenth.text())).toContain(
          "A lesson can have at most 12 captions tracks. Remove one before adding another.",
        );
        expect(await tracks("java-06")).toEqual(full);
        expect((await upload(browser, "java-06", { language: "ur", label: "Urdu" }, cue("Replaced"))).status).toBe(303);
      });

      it("remove a track only once confirmed, and take a deleted lesson's tracks with it", async () => {
        const { browser } = await person("teacher");
        expect((await upload(browser, "java-07", { language: "hi" }, cue("Namaste"))).status).toBe(303);
        const before = await tracks("java-07");
        const asked = await browser.postForm("/staff/courses/java/lessons/java-07", { intent: "captions-remove", language: "hi" });
        expect(asked.status).toBe(200);
        expect(visibleText(await asked.text())).toContain(
          "Remove the captions “Hindi”? Learners no longer find “Hindi” in the player's captions menu",
        );
        expect(await tracks("java-07")).toEqual(before);
        const removed = await browser.postForm("/staff/courses/java/lessons/java-07", {
          intent: "captions-remove",
          language: "hi",
          confirmed: "yes",
        });
        expect(removed.status).toBe(303);
        expect((await tracks("java-07")).map((track) => track.language)).toEqual(["en"]);
        const again = await browser.postForm("/staff/courses/java/lessons/java-07", {
          intent: "captions-remove",
          language: "hi",
          confirmed: "yes",
        });
        expect(again.status).toBe(404);
        expect(visibleText(await again.text())).toContain("These captions are no longer there.");

        const made = await browser.postForm("/staff/courses/java/lessons/new", {
          title: "Short-lived",
          description: "A draft lesson to delete.",
        });
        const id = new URL(made.headers.get("location")!, site.url).pathname.split("/").at(-1)!;
        const body = new FormData();
        body.set("intent", "captions");
        body.set("language", "en");
        body.set("captions", new Blob([cue("Soon gone")], { type: "text/vtt" }), "lesson.vtt");
        expect((await browser.request(`/staff/courses/java/lessons/${id}`, { method: "POST", body })).status).toBe(303);
        expect(await tracks(id)).toHaveLength(1);
        expect((await browser.postForm(`/staff/courses/java/lessons/${id}`, { intent: "delete", confirmed: "yes" })).status).toBe(303);
        expect(await tracks(id)).toEqual([]);
      });
    });
  });

  describe("quizzes", () => {
    it("keep an older attempt's review as the learner saw it after a question is edited, and show the new one to the next", async () => {
      const learner = await person("student");
      const questions = react;
      const sheet: Record<string, string> = { current: questions.at(-1)!.id };
      for (const question of questions) sheet[`q.${question.id}`] = String(question.options.indexOf(question.answer));
      const finished = await learner.browser.postForm("/test/react", sheet);
      expect(finished.status).toBe(200);
      const attempt = await handle.db.selectFrom("quiz_attempts").select("id").where("quiz_slug", "=", "react").executeTakeFirstOrThrow();

      const teacher = await person("teacher");
      const edited = await teacher.browser.postForm("/staff/quizzes/react", {
        intent: "question-update",
        id: questions[0]!.id,
        question: "Which hook keeps a value between renders without causing one?",
        option1: "useRef",
        option2: "useState",
        option3: "useMemo",
        correct: "1",
      });
      expect(edited.status).toBe(303);

      const review = visibleText(await (await learner.browser.request(`/test/react/attempts/${attempt.id}`)).text());
      expect(review).toContain(questions[0]!.question);
      expect(review).not.toContain("Which hook keeps a value between renders");
      expect(review).toContain(`${questions.length} out of ${questions.length}`);
      const page = visibleText(await (await learner.browser.request("/test/react")).text());
      expect(page).toContain("Which hook keeps a value between renders without causing one?");
    });

    it("show a formatted question as written, through the allow-list, on the quiz, its review and its export; refuse what the form cannot hold", async () => {
      const teacher = await person("teacher");
      const slug = `formatted-${people}`;
      expect(
        (await teacher.browser.postForm("/staff/quizzes", { slug, title: "Formatted", coursePath: "/courses/fullstack/html" })).status,
      ).toBe(303);
      const quiz = `/staff/quizzes/${slug}`;
      const stored = () =>
        handle.db
          .selectFrom("quiz_questions")
          .select(["id", "question", "code", "text_format", "text_source"])
          .where("quiz_slug", "=", slug)
          .orderBy("position")
          .execute();
      const gift = [
        '::R1::[html]<p>What does <b onclick\\="steal()">this</b> print?</p><pre>System.out.println(1);</pre><script>alert(1)</script>{=1 ~2}',
        "",
        "::R2::[markdown]Which link is **safe**?\\n\\n- [this](https\\://example.org)\\n- [that](javascript\\:alert(1)){=this ~that}",
      ].join("\n");
      const form = new FormData();
      form.set("intent", "import");
      form.set("format", "gift");
      form.set("file", new Blob([gift], { type: "text/plain" }), "formatted.gift");
      expect((await teacher.browser.request(quiz, { method: "POST", body: form })).status).toBe(303);
      const added = await teacher.browser.postForm(quiz, {
        intent: "question-add",
        format: "markdown",
        question: "Which keyword **declares** a constant?\n\n```java\nfinal int MAX = 3;\n```",
        option1: "final",
        option2: "const",
        correct: "1",
      });
      expect(added.status).toBe(303);
      expect((await stored()).map(({ id: _id, ...row }) => row)).toEqual([
        {
          question: "What does this print?",
          code: null,
          text_format: "html",
          text_source: '<p>What does <b onclick="steal()">this</b> print?</p><pre>System.out.println(1);</pre><script>alert(1)</script>',
        },
        {
          question: "Which link is safe?\n\nthis\nthat",
          code: null,
          text_format: "markdown",
          text_source: "Which link is **safe**?\n\n- [this](https://example.org)\n- [that](javascript:alert(1))",
        },
        {
          question: "Which keyword declares a constant?",
          code: null,
          text_format: "markdown",
          text_source: "Which keyword **declares** a constant?\n\n```java\nfinal int MAX = 3;\n```",
        },
      ]);

      // What the form cannot hold is refused, nothing stored.
      const before = { questions: await stored(), audit: await auditCount() };
      for (const [fields, message] of [
        [{ format: "rtf", question: "Which format is this?" }, "Choose how the question is written: plain text, Markdown or HTML."],
        [
          { format: "markdown", question: "What does this print?", code: "print(1)" },
          "With Markdown or HTML, write the code in the question itself, as a code block",
        ],
        [
          { format: "html", question: `<p>${"<b>x</b>".repeat(1001)}</p>` },
          "The question as written, its markup included, can have at most 8000 characters.",
        ],
        [{ format: "html", question: "<p><i></i></p>" }, "The question needs at least 5 characters."],
      ] as const) {
        const refused = await teacher.browser.postForm(quiz, {
          intent: "question-add",
          option1: "yes",
          option2: "no",
          correct: "1",
          ...fields,
        });
        expect(refused.status, fields.format).toBe(400);
        expect(visibleText(await refused.text()), fields.format).toContain(message);
      }
      expect({ questions: await stored(), audit: await auditCount() }).toEqual(before);

      // Learners see the formatting, never what the allow-list leaves out.
      expect((await teacher.browser.postForm(quiz, { intent: "publish" })).status).toBe(303);
      const page = await (await fetch(`${site.url}/test/${slug}`)).text();
      expect(page).toMatch(/<h2 id="question-heading" tabindex="-1" class="question-text [^"]*">What does <b>this<\/b> print\?<\/h2>/i);
      expect(page).toContain('<div id="question-body" class="question-text mt-4"><pre>System.out.println(1);</pre></div>');
      expect(page).not.toMatch(/<script>alert|onclick|javascript:alert/);
      const ids = (await stored()).map((row) => row.id);
      const learner = await person("student");
      const sheet = { current: ids[2]!, [`q.${ids[0]}`]: "0", [`q.${ids[1]}`]: "1", [`q.${ids[2]}`]: "0" };
      // Two of three right: a score that is no whole percentage (PostgreSQL once refused to compare it to the pass marks).
      expect((await learner.browser.postForm(`/test/${slug}`, sheet)).status).toBe(200);
      const attempt = await handle.db.selectFrom("quiz_attempts").select("id").where("quiz_slug", "=", slug).executeTakeFirstOrThrow();
      const review = await (await learner.browser.request(`/test/${slug}/attempts/${attempt.id}`)).text();
      expect(review).toMatch(/2<!-- -->\. <span>Which link is <strong>safe<\/strong>\?<\/span>/);
      expect(review).toMatch(/<li><a href="https:\/\/example.org">this<\/a><\/li>\s*<li><a>that<\/a><\/li>/);
      expect(review).toMatch(/<pre><code class="hljs language-java">.*final.*<\/code><\/pre>/s);
      expect(review).not.toMatch(/<script>alert|onclick|javascript:alert/);

      // Exported as written, so that Moodle and this site read back the same questions.
      const exported = await (await teacher.browser.request(`${quiz}/export.gift`)).text();
      expect(exported).toContain('::[html]<p>What does <b onclick\\="steal()">this</b> print?</p>');
      expect(exported).toContain("[markdown]Which keyword **declares** a constant?\\n\\n```java\\nfinal int MAX \\= 3;\\n```");
      const editor = await (await teacher.browser.request(quiz)).text();
      expect(editor).toContain("Which keyword **declares** a constant?");
      expect(editor).toMatch(/<option value="markdown" selected="">Markdown<\/option>/);
    });

    it("import a file with problems only when the teacher chooses: nothing first, then the questions that can be, never the others", async () => {
      const teacher = await person("teacher");
      const slug = `import-choice-${people}`;
      expect((await teacher.browser.postForm("/staff/quizzes", { slug, title: "Import choice", coursePath: "/courses/java" })).status).toBe(
        303,
      );
      const quiz = `/staff/quizzes/${slug}`;
      const quizQuestions = () => handle.db.selectFrom("quiz_questions").selectAll().where("quiz_slug", "=", slug).orderBy("id").execute();
      const before = await quizQuestions();
      const gift =
        "Which is a JVM language? {=Kotlin ~Swift}\n\nShort answer? {=Paris =paris}\n\n::Blank:: Java {~is not =is} compiled to bytecode.\n";
      const form = new FormData();
      form.set("intent", "import");
      form.set("format", "gift");
      form.set("file", new Blob([gift], { type: "text/plain" }), "quiz.gift");
      const first = await teacher.browser.request(quiz, { method: "POST", body: form });
      expect(first.status).toBe(400);
      const page = visibleText(await first.text());
      expect(page).toContain("Nothing was imported yet: 2 of the file's 3 questions can be imported; the 1 below cannot.");
      expect(page).toContain("Line 3: it is a short-answer question");
      expect(page).toContain("Import the 2 questions that can be (1 left out)");
      expect(await quizQuestions()).toEqual(before);

      // What the page sends back is read again, as any post: a file none of whose questions can be is refused whole.
      const nothingFine = await teacher.browser.postForm(quiz, {
        intent: "import-fine",
        format: "gift",
        source: "Short? {=a =b}\n",
      });
      expect(nothingFine.status).toBe(400);
      const tooLarge = await teacher.browser.request(quiz, {
        method: "POST",
        body: (() => {
          const big = new FormData();
          for (const [name, value] of Object.entries({
            intent: "import-fine",
            format: "gift",
            source: `${gift}\n// ${"x".repeat(520 * 1024)}`,
          }))
            big.set(name, value);
          return big;
        })(),
      });
      expect(tooLarge.status).toBe(400);
      expect(visibleText(await tooLarge.text())).toContain("The file is larger than 512 KB.");
      expect(await quizQuestions()).toEqual(before);

      const chosen = await teacher.browser.postForm(quiz, { intent: "import-fine", format: "gift", source: gift });
      expect(chosen.status).toBe(303);
      expect(chosen.headers.get("location")).toBe(`${quiz}?saved=imported&count=2&left=1#questions`);
      const added = (await quizQuestions()).filter((row) => !before.some((old) => old.id === row.id));
      expect(added.map((row) => row.question).sort()).toEqual(["Java _____ compiled to bytecode.", "Which is a JVM language?"]);
    });

    it("send Watch Now only to a course or listing the site has, offering them to choose from", async () => {
      const teacher = await person("teacher");
      const page = await (await teacher.browser.request("/staff/quizzes/java")).text();
      expect(page).toContain('<optgroup label="Courses">');
      expect(page).toContain('<option value="/courses/java" selected="">Java Programming Course (/courses/java)</option>');
      expect(page).toContain('<option value="/courses/fullstack">Full Stack Web Development (/courses/fullstack)</option>');
      const quizzes = () => handle.db.selectFrom("quizzes").select(["slug", "title", "course_path"]).orderBy("slug").execute();
      const before = { quizzes: await quizzes(), audit: await auditCount() };
      for (const [path, form] of [
        ["/staff/quizzes/java", { intent: "settings", title: "Java", coursePath: "/courses/no-such-course" }],
        ["/staff/quizzes/java", { intent: "settings", title: "Java", coursePath: "/about" }],
        ["/staff/quizzes", { slug: "nowhere", title: "Nowhere", coursePath: "/courses/no-such-course" }],
      ] as const) {
        const refused = await teacher.browser.postForm(path, form);
        expect(refused.status, JSON.stringify(form)).toBe(400);
        expect(visibleText(await refused.text())).toContain("Choose a course or a listing of this site: no page answers at this address.");
      }
      expect({ quizzes: await quizzes(), audit: await auditCount() }).toEqual(before);
      const saved = await teacher.browser.postForm("/staff/quizzes/java", {
        intent: "settings",
        title: "Java",
        coursePath: "/cources/programming/java",
      });
      expect(saved.status).toBe(303);
      expect(
        (await handle.db.selectFrom("quizzes").select("course_path").where("slug", "=", "java").executeTakeFirstOrThrow()).course_path,
      ).toBe("/cources/programming/java");
      await teacher.browser.postForm("/staff/quizzes/java", { intent: "settings", title: "Java", coursePath: "/courses/java" });

      // An address stored before this rule is offered as it is, marked, so that no save changes it unasked.
      const setPath = (course_path: string) =>
        changeContent(handle.db, "quizzes", (trx) => trx.updateTable("quizzes").set({ course_path }).where("slug", "=", "java").execute());
      await setPath("/courses/gone");
      try {
        expect(await (await teacher.browser.request("/staff/quizzes/java")).text()).toContain(
          '<option value="/courses/gone" selected="">/courses/gone (no course or listing here: choose another)</option>',
        );
        expect(
          (await teacher.browser.postForm("/staff/quizzes/java", { intent: "settings", title: "Java", coursePath: "/courses/gone" }))
            .status,
        ).toBe(400);
      } finally {
        await setPath("/courses/java");
      }
      // The quiz a course's certificate asks for says so before it is archived.
      const root = await admin();
      const asked = visibleText(await (await root.browser.postForm("/staff/quizzes/java", { intent: "archive" })).text());
      expect(asked).toMatch(/It is the certificate quiz of [^:]*Java Programming Course[^:]*: no one can earn those courses. certificates/);
      expect((await handle.db.selectFrom("quizzes").select("status").where("slug", "=", "java").executeTakeFirstOrThrow()).status).toBe(
        "published",
      );
    });

    it("refuse a question that breaks the rules, changing nothing", async () => {
      const teacher = await person("teacher");
      const before = await handle.db.selectFrom("quiz_questions").selectAll().where("quiz_slug", "=", "java").orderBy("position").execute();
      for (const [fields, message] of [
        [{ question: "Two right answers?", option1: "a", option2: "b" }, "Exactly one option must be the right answer."],
        [{ question: "Same option twice?", option1: "yes", option2: "Yes", correct: "1" }, 'The option "Yes" appears twice'],
        [{ question: "Only one option?", option1: "alone", correct: "1" }, "A question has 2 to 6 options; this one has 1."],
        [{ question: "Right one empty?", option1: "a", option2: "b", correct: "3" }, "The option marked right is empty."],
        [{ question: "?", option1: "a", option2: "b", correct: "1" }, "The question needs at least 5 characters."],
      ] as const) {
        const response = await teacher.browser.postForm("/staff/quizzes/java", { intent: "question-add", ...fields });
        expect(response.status, JSON.stringify(fields)).toBe(400);
        expect(visibleText(await response.text())).toContain(message);
      }
      expect(
        await handle.db.selectFrom("quiz_questions").selectAll().where("quiz_slug", "=", "java").orderBy("position").execute(),
      ).toEqual(before);
    });
  });

  describe("a course's numbers", () => {
    it("count learners and lessons, average the quiz and rank the hardest questions, on the page and as CSV", async () => {
      const java = questionsByQuiz.java!;
      const wrongOn = (wrong: number[]) => {
        const sheet: Record<string, string> = { current: java.at(-1)!.id };
        for (const [index, question] of java.entries()) {
          const right = question.options.indexOf(question.answer);
          sheet[`q.${question.id}`] = String(wrong.includes(index) ? (right + 1) % question.options.length : right);
        }
        return sheet;
      };
      const first = await person("student");
      const second = await person("student");
      expect((await first.browser.postForm("/test/java", wrongOn([0]))).status).toBe(200);
      expect((await second.browser.postForm("/test/java", wrongOn([0, 1]))).status).toBe(200);
      await first.browser.postForm("/progress", { course: "java", lesson: "1", finished: "true" });
      await second.browser.postForm("/progress", { course: "java", lesson: "2", position: "30" });

      const teacher = await person("teacher");
      const page = visibleText(await (await teacher.browser.request("/staff/courses/java/stats")).text());
      expect(page).toContain("Learners who started 2");
      expect(page).toContain("Learners who finished every lesson 0");
      expect(page).toContain("Average quiz score 92.5% of 2 attempts");
      expect(page).toMatch(new RegExp(`${java[0]!.question.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*Java 2 100%`));
      const svg = await (await teacher.browser.request("/staff/courses/java/stats")).text();
      expect(svg).toContain('<svg role="img" aria-labelledby="hardest-chart-title hardest-chart-desc"');

      const questions = await (await teacher.browser.request("/staff/courses/java/stats.csv?table=questions")).text();
      const rows = questions
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      expect(rows[0]).toBe("quiz,question,answers,wrong,wrong_share");
      expect(rows[1]).toContain(",2,2,1");
      expect(rows[2]).toContain(",2,1,0.5");
      const lessons = await (await teacher.browser.request("/staff/courses/java/stats.csv?table=lessons")).text();
      expect(lessons).toContain(
        '1,Installing the JDK and Writing Your First Program,1,1\r\n2,"How Java Runs: Compiler, Bytecode and the JVM",1,0\r\n',
      );
      expect((await teacher.browser.request("/staff/courses/java/stats.csv?table=secrets")).status).toBe(400);

      // Each student's results: lessons finished, attempts and best score, sortable, on the page and as CSV.
      const students = async (query: string) =>
        (await (await teacher.browser.request(`/staff/courses/java/stats.csv?table=students${query}`)).text())
          .replace(/^\uFEFF/, "")
          .trim()
          .split("\r\n")
          .map((row) => row.split(","));
      const byBest = await students("&sort=best&order=descending");
      expect(byBest[0]).toEqual([
        "name",
        "email",
        "lessons_finished",
        "lessons_published",
        "quiz_attempts",
        "best_score_percent",
        "last_active",
      ]);
      const published = await handle.db
        .selectFrom("lessons")
        .select("id")
        .where("course_slug", "=", "java")
        .where("status", "=", "published")
        .execute();
      const lessonCount = String(published.length);
      const best = (wrong: number) => String(Math.round(((java.length - wrong) * 1000) / java.length) / 10);
      expect(byBest.slice(1).map((row) => row.slice(1, 6))).toEqual([
        [first.email, "1", lessonCount, "1", best(1)],
        [second.email, "0", lessonCount, "1", best(2)],
      ]);
      expect((await students("&sort=best&order=ascending")).slice(1).map((row) => row[1])).toEqual([second.email, first.email]);
      expect((await students("&sort=lessons&order=ascending")).slice(1).map((row) => row[1])).toEqual([second.email, first.email]);
      const sortedPage = await (await teacher.browser.request("/staff/courses/java/stats?sort=best&order=ascending")).text();
      expect(sortedPage).toContain('aria-sort="ascending"');
      const table = visibleText(sortedPage);
      expect(table.indexOf(second.email)).toBeLessThan(table.indexOf(first.email));
      expect(table).toMatch(/Best score\s*,\s*sort descending/);

      // Question by question: facility and how many chose each option, right one marked.
      const results = visibleText(await (await teacher.browser.request("/staff/quizzes/java/results")).text());
      expect(results).toContain("2 finished attempts by signed-in learners");
      expect(results).toContain("Asked in 2 attempts: 0 right (facility 0%)");
      expect(results).toContain("Asked in 2 attempts: 1 right (facility 50%)");
      const optionRows = (await (await teacher.browser.request("/staff/quizzes/java/results.csv")).text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      expect(optionRows[0]).toBe("question_number,question,asked,right,blank,facility,option,right_answer,chosen");
      const firstQuestion = java[0]!;
      const rightIndex = firstQuestion.options.indexOf(firstQuestion.answer);
      const chosenWrong = firstQuestion.options[(rightIndex + 1) % firstQuestion.options.length]!;
      const rowOf = (option: string) => optionRows.find((row) => row.startsWith("1,") && row.includes(`,${option},`));
      expect(rowOf(firstQuestion.answer)).toMatch(/,2,0,0,0,.*,yes,0$/);
      expect(rowOf(chosenWrong)).toMatch(/,2,0,0,0,.*,no,2$/);

      // A question edited since is counted under its old text; the new text waits for its first answers.
      const edited = java[1]!;
      const setText = (question: string) =>
        changeContent(handle.db, "quizzes", (trx) =>
          trx.updateTable("quiz_questions").set({ question }).where("id", "=", edited.id).execute(),
        );
      await setText("A question rewritten after the attempts?");
      try {
        const afterEdit = visibleText(await (await teacher.browser.request("/staff/quizzes/java/results")).text());
        expect(afterEdit).toMatch(/2\. A question rewritten after the attempts\? Not asked in any finished attempt yet\./);
        expect(afterEdit.slice(afterEdit.indexOf("Questions since changed or removed"))).toContain(edited.question);
      } finally {
        await setText(edited.question);
      }
      // A corrected right answer, the text the same: the answers given against the old key are counted apart.
      const rekeyed = java[2]!;
      const otherOption = rekeyed.options.find((option) => option !== rekeyed.answer)!;
      const setAnswer = (answer: string) =>
        changeContent(handle.db, "quizzes", (trx) =>
          trx.updateTable("quiz_questions").set({ answer }).where("id", "=", rekeyed.id).execute(),
        );
      await setAnswer(otherOption);
      try {
        const afterRekey = visibleText(await (await teacher.browser.request("/staff/quizzes/java/results")).text());
        expect(afterRekey).toMatch(
          new RegExp(
            `3\\. ${rekeyed.question.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*? Not asked in any finished attempt yet\\.`,
          ),
        );
        expect(afterRekey.slice(afterRekey.indexOf("Questions since changed or removed"))).toContain(rekeyed.question);
      } finally {
        await setAnswer(rekeyed.answer);
      }
    });

    it("keep a spreadsheet from running a stored title that starts with a tab or a carriage return", async () => {
      // Typed titles are trimmed; these reach the database another way (an import, an old row).
      const retitle = (slug: string, title: string) =>
        changeContent(handle.db, "courses", (trx) => trx.updateTable("lessons").set({ title }).where("course_slug", "=", slug).execute());
      await retitle("html", '\t=HYPERLINK("http://evil.example")');
      await retitle("css", "\r+SUM(A1)");
      const teacher = await person("teacher");
      for (const course of ["html", "css"]) await putOnTeam(handle.db, "course", course, teacher.email);
      const csv = async (slug: string) =>
        new TextDecoder("utf-8", { ignoreBOM: true }).decode(
          await (await teacher.browser.request(`/staff/courses/${slug}/stats.csv?table=lessons`)).arrayBuffer(),
        );
      expect(await csv("html")).toBe(
        '\uFEFFlesson,title,learners_started,learners_finished\r\n1,"\'\t=HYPERLINK(""http://evil.example"")",0,0\r\n',
      );
      expect(await csv("css")).toBe('\uFEFFlesson,title,learners_started,learners_finished\r\n1,"\'\r+SUM(A1)",0,0\r\n');
    });
  });

  describe("lesson video uploads", () => {
    async function startUpload(browser: TestBrowser, length: number, lesson = "java-01", filename = "lecture.mp4") {
      return browser.request("/staff/uploads", {
        method: "POST",
        headers: {
          "Tus-Resumable": "1.0.0",
          "Upload-Length": String(length),
          "Upload-Metadata": `lesson ${btoa(lesson)},filename ${btoa(filename)}`,
        },
      });
    }

    it("refuses a file that is not a video by its content, whatever its name, and keeps nothing of it", async () => {
      const { browser } = await person("teacher");
      const body = new TextEncoder().encode("#!/bin/sh\necho this is not a video\n");
      const created = await startUpload(browser, body.length, "java-01", "../../../../tmp/evil.mp4");
      expect(created.status).toBe(201);
      const location = created.headers.get("location")!;
      expect(location).toMatch(/^\/staff\/uploads\/[0-9a-f]+$/);
      const sent = await browser.request(location, {
        method: "PATCH",
        headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
        body,
      });
      expect(sent.status).toBe(415);
      expect(await sent.text()).toContain("This file is not an MP4 or WebM video");
      const lesson = await handle.db.selectFrom("lessons").select("video").where("id", "=", "java-01").executeTakeFirstOrThrow();
      expect(lesson.video).toBe("java/01.mp4");
      expect(readdirSync(join(media, ".uploads"))).toEqual([]);
    });

    it("takes a whole file from the plain form of a browser without JavaScript, checked the same way", async () => {
      const { browser } = await person("teacher");
      const post = (bytes: Uint8Array<ArrayBuffer>, name: string) => {
        const body = new FormData();
        body.set("lesson", "java-03");
        body.set("video", new Blob([bytes]), name);
        return browser.request("/staff/uploads/form", { method: "POST", body });
      };
      const lessonPage = "/staff/courses/java/lessons/java-03";
      const wrong = await post(new TextEncoder().encode("plain words, no video"), "talk.mp4");
      expect(wrong.status).toBe(303);
      expect(wrong.headers.get("location")).toBe(`${lessonPage}?video-problem=type`);
      expect(visibleText(await (await browser.request(wrong.headers.get("location")!)).text())).toContain(
        "This file is not an MP4 or WebM video",
      );
      const large = await post(new Uint8Array(1024 * 1024 + 1), "huge.mp4");
      expect(large.headers.get("location")).toBe(`${lessonPage}?video-problem=size`);
      expect((await handle.db.selectFrom("lessons").select("video").where("id", "=", "java-03").executeTakeFirstOrThrow()).video).toBe(
        "java/03.mp4",
      );

      const clip = new Uint8Array(readFileSync("media/java/01.mp4"));
      const saved = await post(clip, "../../lecture.mp4");
      expect(saved.headers.get("location")).toBe(`${lessonPage}?saved=video`);
      const lesson = await handle.db.selectFrom("lessons").selectAll().where("id", "=", "java-03").executeTakeFirstOrThrow();
      expect(lesson.video).toMatch(/^lessons\/java-03\/[0-9a-f]{32}\.mp4$/);
      expect(lesson.duration_seconds).toBeGreaterThan(0);
      expect(readFileSync(join(media, lesson.video!)).equals(Buffer.from(clip))).toBe(true);
      expect(readdirSync(join(media, ".uploads"))).toEqual([]);
    });

    it("refuses a file larger than MAX_UPLOAD_MB before any of it is sent, and an upload for no lesson", async () => {
      const { browser } = await person("teacher");
      const tooLarge = await startUpload(browser, 2 * 1024 * 1024);
      expect(tooLarge.status).toBe(413);
      const noLesson = await startUpload(browser, 100, "no-such-lesson");
      expect(noLesson.status).toBe(404);
      expect(await noLesson.text()).toContain("There is no such lesson.");
    });
  });

  describe("administrators", () => {
    it("disable an account: its sessions end at once and it cannot sign in again until enabled", async () => {
      const root = await admin();
      const learner = await person("student");
      expect((await learner.browser.request("/profile")).status).toBe(200);
      const { sub } = await handle.db.selectFrom("people").select("sub").where("email", "=", learner.email).executeTakeFirstOrThrow();

      const disabled = await root.browser.postForm("/staff/accounts", { intent: "disable", sub, confirmed: "yes" });
      expect(disabled.status).toBe(303);
      expect((await learner.browser.request("/profile")).status).toBe(302);
      expect(await handle.db.selectFrom("sessions").select("sub").where("sub", "=", sub).execute()).toEqual([]);
      const entry = await handle.db.selectFrom("audit_log").selectAll().where("action", "=", "account.disable").executeTakeFirstOrThrow();
      expect(entry.subject).toBe(`person:${sub}`);
      expect(JSON.parse(entry.before!)).toMatchObject({ disabled_at: null });

      const list = visibleText(await (await root.browser.request(`/staff/accounts?q=${encodeURIComponent(learner.email)}`)).text());
      expect(list).toContain(learner.email);
      expect(list).toContain("Disabled");
      // Signing in again is refused, with the reason, until an administrator enables the account.
      const again = new TestBrowser(site.url, "198.51.100.250");
      const refusedSignIn = await again.request((await reachCallback(again, learner.email)).href);
      expect(refusedSignIn.status).toBe(400);
      expect(visibleText(await refusedSignIn.text())).toContain("This account has been disabled.");
      expect((await root.browser.postForm("/staff/accounts", { intent: "enable", sub })).status).toBe(303);
      const fresh = new TestBrowser(site.url, "198.51.100.251");
      const allowed = await fresh.request((await reachCallback(fresh, learner.email)).href);
      expect(allowed.status).toBe(302);

      // An administrator cannot lock themselves out.
      const self = await handle.db.selectFrom("people").select("sub").where("email", "=", root.email).executeTakeFirstOrThrow();
      const refused = await root.browser.postForm("/staff/accounts", { intent: "disable", sub: self.sub, confirmed: "yes" });
      expect(refused.status).toBe(409);
    });

    it("change a role, which applies to the person's open session at once", async () => {
      const root = await admin();
      const learner = await person("student");
      expect((await learner.browser.request("/staff/courses")).status).toBe(403);
      const { sub } = await handle.db.selectFrom("people").select("sub").where("email", "=", learner.email).executeTakeFirstOrThrow();
      expect((await root.browser.postForm("/staff/accounts", { intent: "role", sub, role: "teacher" })).status).toBe(303);
      expect((await learner.browser.request("/staff/courses")).status).toBe(200);
      expect((await root.browser.postForm("/staff/accounts", { intent: "role", sub, role: "wizard" })).status).toBe(400);
    });

    it("give a role by address before the first sign-in, which applies at it, and refuse what cannot be given, storing nothing", async () => {
      const root = await admin();
      const newcomer = `Newcomer-${process.pid}@College.example`;
      // Given from a page of search results: back to that page.
      const given = await root.browser.postForm("/staff/accounts?q=newcomer&page=1", {
        intent: "role-by-address",
        email: `  ${newcomer} `,
        role: "teacher",
      });
      expect(given.status).toBe(303);
      expect(given.headers.get("location")).toBe("/staff/accounts?q=newcomer&page=1&saved=role-by-address#by-address");
      const waiting = visibleText(await (await root.browser.request("/staff/accounts")).text());
      expect(waiting).toMatch(new RegExp(`Roles waiting for a first sign-in.*${newcomer.toLowerCase().replace(/[.+]/g, "\\$&")} Teacher`));
      const entry = await handle.db
        .selectFrom("audit_log")
        .selectAll()
        .where("subject", "=", `email:${newcomer.toLowerCase()}`)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.after!)).toEqual({ email: newcomer.toLowerCase(), role: "teacher" });

      // The first sign-in with the address brings the role; the list no longer waits for it.
      const browser = new TestBrowser(site.url, "198.51.100.230");
      await registerIn(browser, newcomer.toLowerCase(), "Nia Newcomer");
      expect((await browser.request("/staff/courses")).status).toBe(200);
      expect(visibleText(await (await root.browser.request("/staff/accounts")).text())).not.toContain("Roles waiting for a first sign-in");

      const roles = () => handle.db.selectFrom("user_roles").selectAll().orderBy("email").execute();
      const before = { roles: await roles(), audit: await auditCount() };
      for (const [form, status, message] of [
        [{ email: "not an address", role: "teacher" }, 400, "Give the person's email address, the one they sign in with."],
        [{ email: "", role: "teacher" }, 400, "Give the person's email address, the one they sign in with."],
        [{ email: "wizard@college.example", role: "wizard" }, 400, "Choose a role."],
        [{ email: `${"a".repeat(250)}@college.example`, role: "teacher" }, 400, "An email address has at most 254 characters."],
        [{ email: root.email.toUpperCase(), role: "student" }, 409, "administrator through ADMIN_EMAILS"],
      ] as const) {
        const refused = await root.browser.postForm("/staff/accounts", { intent: "role-by-address", ...form });
        expect(refused.status, JSON.stringify(form)).toBe(status);
        const page = visibleText(await refused.text());
        expect(page).toContain(message);
        // The typed address is kept in the form.
        if (form.email)
          expect(await (await root.browser.postForm("/staff/accounts", { intent: "role-by-address", ...form })).text()).toContain(
            `value="${form.email.replace(/"/g, "&quot;")}"`,
          );
      }
      expect({ roles: await roles(), audit: await auditCount() }).toEqual(before);
    });

    it("name the person a change was done to in the audit log, and find the line by their name or email", async () => {
      const root = await admin();
      const learner = await person("student");
      const { sub, name } = await handle.db
        .selectFrom("people")
        .select(["sub", "name"])
        .where("email", "=", learner.email)
        .executeTakeFirstOrThrow();
      expect((await root.browser.postForm("/staff/accounts", { intent: "role", sub, role: "moderator" })).status).toBe(303);
      for (const search of [name, learner.email.toUpperCase()]) {
        const page = visibleText(await (await root.browser.request(`/staff/audit?q=${encodeURIComponent(search)}`)).text());
        expect(page, search).toContain(`did account.role on ${name} (${learner.email}) person:${sub}`);
        expect(page, search).not.toContain("newsletter.export");
      }
    });

    it("let moderators show or delete hidden feedback from one queue; delete asks first, and a stale page changes nothing", async () => {
      const moderator = await person("moderator");
      const post = async (comment: string) => {
        const posted = await new TestBrowser(site.url, "198.51.100.241").postForm("/feedback/new", {
          name: "Rafi Q",
          comment,
          image: "",
          rating: "2",
        });
        expect(posted.status).toBe(303);
        const { id } = await handle.db.selectFrom("feedback_posts").select("id").where("comment", "=", comment).executeTakeFirstOrThrow();
        expect((await moderator.browser.postForm(`/feedback/${id}`, { intent: "hide" })).status).toBe(303);
        return id;
      };
      const toShow = await post(`Hidden then shown ${process.pid}.`);
      const toDelete = await post(`Hidden then deleted ${process.pid}.`);
      const queue = visibleText(await (await moderator.browser.request("/staff/feedback")).text());
      expect(queue).toContain(`Hidden then shown ${process.pid}.`);
      expect(queue).toMatch(new RegExp(`Hidden then deleted ${process.pid}\\..*Hidden by ${moderator.email.replace(/[.+]/g, "\\$&")} on`));
      const wallHas = async (text: string) =>
        visibleText(await (await new TestBrowser(site.url).request("/feedback")).text()).includes(text);
      expect(await wallHas(`Hidden then shown ${process.pid}.`)).toBe(false);

      const shown = await moderator.browser.postForm("/staff/feedback", { intent: "show", id: toShow });
      expect(shown.status).toBe(303);
      expect(shown.headers.get("location")).toBe("/staff/feedback?saved=shown");
      expect(await wallHas(`Hidden then shown ${process.pid}.`)).toBe(true);
      // Shown meanwhile by someone else: the stale page's second Show changes nothing and says why.
      const stale = await moderator.browser.postForm("/staff/feedback", { intent: "show", id: toShow });
      expect(stale.status).toBe(409);
      expect(visibleText(await stale.text())).toContain("already on the wall again");

      const asked = await moderator.browser.postForm("/staff/feedback", { intent: "delete", id: toDelete });
      expect(asked.status).toBe(200);
      expect(visibleText(await asked.text())).toContain("Delete this feedback for good?");
      expect(await handle.db.selectFrom("feedback_posts").select("id").where("id", "=", toDelete).execute()).toHaveLength(1);
      const deleted = await moderator.browser.postForm("/staff/feedback", { intent: "delete", id: toDelete, confirmed: "yes" });
      expect(deleted.status).toBe(303);
      expect(await handle.db.selectFrom("feedback_posts").select("id").where("id", "=", toDelete).execute()).toHaveLength(0);
      const log = await handle.db
        .selectFrom("audit_log")
        .select(["action", "subject"])
        .where("subject", "in", [`feedback:${toShow}`, `feedback:${toDelete}`])
        .orderBy("id")
        .execute();
      expect(log.map((line) => line.action)).toEqual(["feedback.hide", "feedback.hide", "feedback.show", "feedback.delete"]);

      const before = await auditCount();
      for (const [form, status] of [
        [{ intent: "delete", id: toDelete, confirmed: "yes" }, 404],
        [{ intent: "show", id: "not-an-id" }, 404],
        [{ intent: "hide", id: toShow }, 400],
        [{ id: toShow }, 400],
      ] as const) {
        expect((await moderator.browser.postForm("/staff/feedback", form)).status, JSON.stringify(form)).toBe(status);
      }
      expect(await auditCount()).toBe(before);
      expect(await wallHas(`Hidden then shown ${process.pid}.`)).toBe(true);
    });

    it("find moderators' work in the audit log: hiding feedback and handling contact messages", async () => {
      const root = await admin();
      const moderator = await person("moderator");
      const comment = `Audited feedback ${process.pid}.`;
      const posted = await new TestBrowser(site.url, "198.51.100.240").postForm("/feedback/new", {
        name: "Kiran V",
        comment,
        image: "",
        rating: "4",
      });
      expect(posted.status).toBe(303);
      const post = await handle.db.selectFrom("feedback_posts").select("id").where("comment", "=", comment).executeTakeFirstOrThrow();
      expect((await moderator.browser.postForm(`/feedback/${post.id}`, { intent: "hide" })).status).toBe(303);
      const message = await storeMessage(handle.db, { delivery: false, name: "Anu S" });
      expect((await root.browser.postForm("/staff/messages", { intent: "handle", id: message.id })).status).toBe(302);

      const log = await handle.db
        .selectFrom("audit_log")
        .selectAll()
        .where("subject", "in", [`feedback:${post.id}`, `contact-message:${message.id}`])
        .orderBy("id")
        .execute();
      expect(log.map((entry) => [entry.action, entry.subject])).toEqual([
        ["feedback.hide", `feedback:${post.id}`],
        ["contact.handle", `contact-message:${message.id}`],
      ]);
      expect(JSON.parse(log[0]!.before!)).toMatchObject({ comment, hidden_at: null });
      expect(log[1]!.actor_name).toMatch(new RegExp(`^root \\d+ \\(${root.email.replace(/[.+]/g, "\\$&")}\\)$`));
    });

    it("export the newsletter list as CSV that a spreadsheet cannot run, and read the audit log", async () => {
      const root = await admin();
      await handle.db
        .insertInto("newsletter_subscriptions")
        .values([
          { id: "n1", email: "reader@example.com", created_at: "2026-01-01T00:00:00.000Z" },
          { id: "n2", email: "=cmd|' /C calc'!A0@example.com", created_at: "2026-01-02T00:00:00.000Z" },
          // A tab or a carriage return first is read as a formula's start too (OWASP's CSV injection guidance).
          { id: "n3", email: "\t=cmd|' /C calc'!A0@example.com", created_at: "2026-01-03T00:00:00.000Z" },
          { id: "n4", email: "\r@SUM(A1)@example.com", created_at: "2026-01-04T00:00:00.000Z" },
        ])
        .execute();
      const csv = await root.browser.request("/staff/newsletter.csv");
      expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="newsletter-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer())).toBe(
        "\uFEFFemail,subscribed_at\r\nreader@example.com,2026-01-01T00:00:00.000Z\r\n'=cmd|' /C calc'!A0@example.com,2026-01-02T00:00:00.000Z\r\n" +
          "'\t=cmd|' /C calc'!A0@example.com,2026-01-03T00:00:00.000Z\r\n\"'\r@SUM(A1)@example.com\",2026-01-04T00:00:00.000Z\r\n",
      );
      const audit = visibleText(await (await root.browser.request("/staff/audit?q=newsletter")).text());
      expect(audit).toContain("did newsletter.export on newsletter");
      expect(audit).not.toContain("account.disable");
    });
  });
});

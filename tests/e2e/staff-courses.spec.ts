import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Browser } from "@playwright/test";
import sharp from "sharp";
import { putOnTeam } from "../setup/teams.ts";
import { assignRole } from "#app/features/auth/roles.server.ts";
import { changeContent } from "#app/lib/content-versions/content-versions.server.ts";
import { open } from "./open.ts";
import { seriousViolations } from "./page-checks.ts";
import { siteOfItsOwn } from "./site-of-its-own.ts";
import { newContext, test } from "./test.ts";

// A site of its own with a folder of its own for uploads: the journey adds a course to it. The
// journeys are long (the first, two people with uploads and publishing, took about 100 s on a
// loaded 2-core machine; a team journey passed 60 s in CI).
test.describe.configure({ mode: "serial", timeout: 180_000 });

const own = siteOfItsOwn();
const teacherEmail = `teacher-${Date.now()}@example.com`;
const studentEmail = `student-${Date.now()}@example.com`;
const files: Record<string, string> = {};

/** An MP4 of 20 MB: a sample clip with a `free` box after it (players skip it), so the upload takes three pieces. */
function largeMp4(): Buffer {
  const clip = readFileSync("media/java/01.mp4");
  const padding = Buffer.alloc(20 * 1024 * 1024);
  padding.writeUInt32BE(padding.length, 0);
  padding.write("free", 4, "latin1");
  return Buffer.concat([clip, padding]);
}

test.beforeAll(async () => {
  const { folder } = own;
  await assignRole(own.db, teacherEmail, "teacher");
  // Tara also teaches the seeded DSA course, whose lessons she puts in order.
  await putOnTeam(own.db, "course", "dsa", teacherEmail);
  files.picture = join(folder, "cover.png");
  writeFileSync(
    files.picture,
    await sharp({ create: { width: 900, height: 700, channels: 3, background: "#2b59c3" } })
      .png()
      .toBuffer(),
  );
  files.video = join(folder, "recording.mp4");
  writeFileSync(files.video, largeMp4());
  files.captions = join(folder, "captions.vtt");
  writeFileSync(files.captions, "WEBVTT\n\n00:00.000 --> 00:03.000\nWelcome to web accessibility.\n");
  files.srt = join(folder, "captions.srt.vtt");
  writeFileSync(files.srt, "1\n00:00:00,000 --> 00:00:03,000\nAn SRT file\n");
  files.scriptSvg = join(folder, "drawing.svg");
  writeFileSync(files.scriptSvg, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>');
});

test("a teacher creates a course with a picture, adds a lesson with a resumed video upload and captions, and publishes it", async ({
  browser,
}) => {
  const { context, page } = await own.signedIn(browser, teacherEmail, "Tara Teacher");
  const main = page.getByRole("main");
  await page.getByRole("link", { name: "Staff area: courses and quizzes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff area" })).toBeVisible();
  await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Courses" }).click();
  await main.getByRole("link", { name: "New course" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New course" })).toBeVisible();

  // A picture with a script is refused, and the typed fields stay.
  await main.getByLabel("Title").fill("Web Accessibility Basics");
  await main.getByLabel("Address").fill("web-accessibility");
  await main.getByLabel("Picture (optional)").setInputFiles(files.scriptSvg!);
  await main.getByLabel("Describe the picture").fill("A blue square");
  await main.getByRole("button", { name: "Create the course" }).click();
  await expect(main.getByText("This SVG contains a script.")).toBeVisible();
  await expect(main.getByLabel("Title")).toHaveValue("Web Accessibility Basics");

  await main.getByLabel("Picture (optional)").setInputFiles(files.picture!);
  await main.getByRole("button", { name: "Create the course" }).click();
  await expect(page).toHaveURL(/\/staff\/courses\/web-accessibility\?saved=created$/);
  await expect(main.getByRole("status")).toContainText("The course was created as a draft.");
  expect(await seriousViolations(page)).toEqual([]);

  // Drafts are the staff's only.
  expect((await fetch(`${own.url}/courses/web-accessibility`)).status).toBe(404);

  await main.getByRole("link", { name: "Add a lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New lesson" })).toBeVisible();
  await main.getByLabel("Title").fill("Why accessibility matters");
  await main
    .getByLabel("Description")
    .fill("Who is left out by an inaccessible page, and what the law and common sense ask of a college website.");
  await main.getByRole("button", { name: "Create the lesson" }).click();
  await expect(main.getByRole("status").first()).toContainText("The lesson was created as a draft.");

  // The second piece of the video is cut off mid-way; the upload asks where it stands and goes on from there.
  let patches = 0;
  const offsets: string[] = [];
  await page.route("**/staff/uploads/*", async (route) => {
    const request = route.request();
    if (request.method() === "PATCH") {
      patches += 1;
      offsets.push(request.headers()["upload-offset"] ?? "");
      if (patches === 2) return route.abort("connectionreset");
    }
    return route.continue();
  });
  const heads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "HEAD" && request.url().includes("/staff/uploads/")) heads.push(request.url());
  });
  await main.getByLabel("Video file").setInputFiles(files.video!);
  await expect(main.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await expect(main.getByRole("status").filter({ hasText: "The video is uploaded and saved." })).toBeVisible({ timeout: 60_000 });
  expect(heads.length).toBeGreaterThan(0);
  // The piece after the cut starts where the server's copy ended, not from the beginning.
  expect(offsets).toEqual(["0", "8388608", "8388608", "16777216"]);
  await expect(main.getByRole("link", { name: "The current video" })).toBeVisible();
  const lesson = await own.db.selectFrom("lessons").selectAll().where("course_slug", "=", "web-accessibility").executeTakeFirstOrThrow();
  expect(lesson.video).toMatch(/^lessons\/web-accessibility-[0-9a-f]+\/[0-9a-f]+\.mp4$/);
  expect(statSync(join(own.folder, "media", lesson.video!)).size).toBe(statSync(files.video!).size);
  expect(lesson.duration_seconds).toBeGreaterThan(0);

  expect(await seriousViolations(page)).toEqual([]);
  // Captions: a file that is not WebVTT is named on its field, the language typed is kept.
  const captionsFile = main.getByLabel("Captions file (WebVTT)");
  await captionsFile.setInputFiles(files.srt!);
  await main.getByLabel("Language code").fill("en");
  await main.getByRole("button", { name: "Upload the captions" }).click();
  await expect(main.getByRole("alert")).toContainText("Please correct the fields marked below.");
  await expect(captionsFile).toHaveAccessibleDescription(/Line 1: a WebVTT file starts with "WEBVTT"/);
  await expect(main.getByLabel("Language code")).toHaveValue("en");
  expect(await seriousViolations(page)).toEqual([]);
  await captionsFile.setInputFiles(files.captions!);
  await main.getByRole("button", { name: "Upload the captions" }).click();
  await expect(main.getByRole("status").first()).toContainText("The captions were saved.");
  // A second language, labelled by its name when no label is typed.
  await main.getByLabel("Captions file (WebVTT)").setInputFiles(files.captions!);
  await main.getByLabel("Language code").fill("hi");
  await main.getByRole("button", { name: "Upload the captions" }).click();
  await expect(main.getByRole("status").first()).toContainText("The captions were saved.");
  const tracks = main.getByRole("list").filter({ has: page.getByRole("button", { name: /^Remove the captions/ }) });
  await expect(tracks.getByRole("listitem")).toHaveText([/^English \(language en\)/, /^Hindi \(language hi\)/]);
  expect(await seriousViolations(page)).toEqual([]);

  // The notes, in Markdown: previewed as learners will read them, then saved.
  const notes = main.getByLabel("Notes (Markdown)");
  await notes.fill(
    '## Alternative text\n\nEvery picture that informs needs **alt text**.\n\n```html\n<img src="chart.png" alt="Sales rose in May">\n```',
  );
  await main.getByRole("button", { name: "Preview" }).click();
  const preview = main.getByRole("region", { name: "Preview (not saved yet)" });
  await expect(preview.getByRole("heading", { name: "Alternative text" })).toBeVisible();
  await expect(preview.locator("code.hljs")).toContainText('alt="Sales rose in May"');
  await expect(notes).toHaveValue(/^## Alternative text/);
  expect(await seriousViolations(page)).toEqual([]);
  await main.getByRole("button", { name: "Save the notes" }).click();
  await expect(main.getByRole("status").first()).toContainText("The notes were saved");

  await main.getByRole("button", { name: "Publish" }).click();
  await expect(main.getByRole("status").first()).toContainText("The lesson is published");
  // Back to the course by its breadcrumb.
  await main.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Web Accessibility Basics" }).click();

  // A card in the MERN listing; a wrong number is refused beside its field.
  const card = main.getByRole("form", { name: "A new card" });
  await card.getByLabel("Listing").selectOption({ label: "MERN Stack" });
  await card.getByLabel("Title on the card").fill("Web Accessibility Basics");
  await card.getByLabel("Teacher").fill("Tara Teacher");
  await card.getByLabel("Duration").fill("3 Hrs");
  await card.getByLabel("Regular price (US dollars)").fill("a lot");
  await card.getByRole("button", { name: "Add the card" }).click();
  await expect(main.getByRole("form", { name: "A new card" }).getByText("The price must be a whole number.")).toBeVisible();
  await main.getByRole("form", { name: "A new card" }).getByLabel("Regular price (US dollars)").fill("49");
  await main.getByRole("form", { name: "A new card" }).getByRole("button", { name: "Add the card" }).click();
  await expect(main.getByRole("status").first()).toContainText("The card was saved.");

  await main.getByRole("button", { name: "Publish" }).click();
  await expect(main.getByRole("status").first()).toContainText("The course is published");
  // Lessons are dragged into order too (the Up and Down buttons are the keyboard's way).
  await open(page, "/staff/courses/dsa");
  const lessonItems = main
    .getByRole("list")
    .filter({ has: page.getByRole("button", { name: /^Move “/ }) })
    .getByRole("listitem");
  const [firstTitle, secondTitle] = [
    await lessonItems.nth(0).getByRole("link").textContent(),
    await lessonItems.nth(1).getByRole("link").textContent(),
  ];
  await lessonItems.nth(1).dragTo(lessonItems.nth(0));
  await expect(main.getByRole("status").first()).toContainText("The lessons' order was saved.");
  await expect(lessonItems.nth(0).getByRole("link")).toHaveText(secondTitle!);
  await expect(lessonItems.nth(1).getByRole("link")).toHaveText(firstTitle!);
  // By keyboard: the lesson moved to the first place keeps the focus, and Up there says it can go no further.
  const up = main.getByRole("button", { name: `Move “${firstTitle}” up` });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(lessonItems.nth(0).getByRole("link")).toHaveText(firstTitle!);
  await expect(up).toBeFocused();
  await expect(up).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("Enter");
  await expect(up).toBeFocused();
  await expect(lessonItems.nth(0).getByRole("link")).toHaveText(firstTitle!);
  await open(page, "/staff/courses/web-accessibility");
  await main.getByRole("link", { name: "Numbers: learners and quiz results" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Numbers: Web Accessibility Basics" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();

  // A student sees it at once, plays the lesson, and finds the staff area closed to them.
  const student = await own.signedIn(browser, studentEmail, "Sam Student");
  await open(student.page, "/courses/mern");
  await expect(student.page.getByRole("main").getByRole("heading", { name: "Web Accessibility Basics" })).toBeVisible();
  await open(student.page, "/courses/web-accessibility");
  const studentMain = student.page.getByRole("main");
  await expect(studentMain.getByRole("heading", { level: 2, name: "Why accessibility matters" })).toBeVisible();
  await expect(
    studentMain.getByRole("region", { name: "Lesson notes" }).getByRole("heading", { level: 3, name: "Alternative text" }),
  ).toBeVisible();
  const video = studentMain.locator("video");
  // Both captions tracks are in the player's menu, each in its language, and the browser reads them.
  await expect(video.locator("track")).toHaveCount(2);
  expect(
    await video.evaluate((element: HTMLVideoElement) =>
      Array.from(element.textTracks, (track) => `${track.kind}:${track.language}:${track.label}`),
    ),
  ).toEqual(["captions:en:English", "captions:hi:Hindi"]);
  await expect(studentMain).toContainText("Captions: English, Hindi (CC button)");
  await video.evaluate((element: HTMLVideoElement) => element.play());
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);
  await student.context.close();
});

test("a teacher whose unfinished uploads fill their allowance is told so by the uploader, and nothing is sent", async ({ browser }) => {
  const email = `allowance-${teacherEmail}`;
  await assignRole(own.db, email, "teacher");
  await putOnTeam(own.db, "course", "java", email);
  const { context, page } = await own.signedIn(browser, email, "Full Teacher");
  const { sub } = await own.db.selectFrom("people").select("sub").where("email", "=", email).executeTakeFirstOrThrow();
  // Three recordings of the largest size (MAX_UPLOAD_MB's default) wait unfinished: the default allowance.
  await own.db
    .insertInto("video_uploads")
    .values({ id: "e2e0".repeat(8), owner_sub: sub, bytes: 3 * 2048 * 1024 * 1024, created_at: new Date().toISOString() })
    .execute();
  const patches: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH") patches.push(request.url());
  });
  await open(page, "/staff/courses/java/lessons/java-01");
  const main = page.getByRole("main");
  await main.getByLabel("Video file").setInputFiles(files.video!);
  await expect(main.getByRole("alert")).toHaveText(
    "Your unfinished uploads would come to more than 6,144 MB, the most one person may have waiting (6,144 MB already are). " +
      "Finish an upload you started, or wait: an unfinished upload is forgotten a day after it began.",
  );
  expect(patches).toEqual([]);
  expect(await own.db.selectFrom("video_uploads").select("id").where("owner_sub", "=", sub).execute()).toEqual([{ id: "e2e0".repeat(8) }]);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test("an owner adds a colleague to the course's team by email, by keyboard; the colleague then finds the course, another teacher is refused", async ({
  browser,
}) => {
  const ownerEmail = `owner-${teacherEmail}`;
  const colleagueEmail = `colleague-${teacherEmail}`;
  const outsiderEmail = `outsider-${teacherEmail}`;
  for (const email of [ownerEmail, colleagueEmail, outsiderEmail]) await assignRole(own.db, email, "teacher");
  const owner = await own.signedIn(browser, ownerEmail, "Olga Owner");
  const main = owner.page.getByRole("main");
  await open(owner.page, "/staff/courses/new");
  await main.getByLabel("Title").fill("Team Teaching");
  await main.getByLabel("Address").fill("team-teaching");
  await main.getByRole("button", { name: "Create the course" }).click();
  await expect(owner.page).toHaveURL(/\/staff\/courses\/team-teaching\?saved=created$/);

  const team = main.getByRole("region", { name: "Team" });
  await expect(team.getByRole("listitem")).toHaveText([/Olga Owner.*Owner/]);
  await team.getByLabel("Add a teacher by email").fill("not an address");
  await team.getByLabel("Add a teacher by email").press("Enter");
  await expect(team.getByText("Give the teacher's email address, the one they sign in with.")).toBeVisible();
  await team.getByLabel("Add a teacher by email").fill(colleagueEmail);
  await team.getByLabel("Add a teacher by email").press("Enter");
  await expect(main.getByRole("status").first()).toContainText("The team was saved.");
  await expect(team.getByRole("listitem").nth(1)).toContainText(`Not signed in yet ${colleagueEmail}Teacher`);
  expect(await seriousViolations(owner.page)).toEqual([]);
  await owner.context.close();

  const colleague = await own.signedIn(browser, colleagueEmail, "Cara Colleague");
  await open(colleague.page, "/staff/courses");
  await colleague.page.getByRole("main").getByRole("link", { name: "Team Teaching" }).click();
  const theirTeam = colleague.page.getByRole("main").getByRole("region", { name: "Team" });
  await expect(theirTeam.getByRole("listitem").nth(1)).toContainText("Cara Colleague");
  await expect(theirTeam.getByLabel("Add a teacher by email")).toHaveCount(0);
  await colleague.context.close();

  const outsider = await own.signedIn(browser, outsiderEmail, "Otto Outsider");
  await open(outsider.page, "/staff/courses");
  await expect(outsider.page.getByRole("main").getByRole("link", { name: "Team Teaching" })).toHaveCount(0);
  const refused = await outsider.page.request.get("/staff/courses/team-teaching");
  expect(refused.status()).toBe(403);
  await outsider.context.close();
});

/** A new teacher, signed in, with a course of their own holding one draft lesson. */
async function teacherWithALesson(browser: Browser, name: string, course: { slug: string; title: string }, lesson: string) {
  const email = `${course.slug}-${teacherEmail}`;
  await assignRole(own.db, email, "teacher");
  const { context, page } = await own.signedIn(browser, email, name);
  const post = (path: string, form: Record<string, string>) =>
    page.request.post(path, { form, headers: { Origin: own.url }, maxRedirects: 0 });
  expect((await post("/staff/courses/new", course)).status()).toBe(302);
  const created = await post(`/staff/courses/${course.slug}/lessons/new`, { title: lesson, description: "A lesson for this test alone." });
  expect(created.status()).toBe(303);
  return { context, page, email, post, lessonPath: new URL(created.headers().location!, own.url).pathname };
}

test("deleting a lesson and unpublishing a course ask first, saying what learners will see; Cancel keeps them, with and without JavaScript", async ({
  browser,
}) => {
  const { context, page, lessonPath, post } = await teacherWithALesson(
    browser,
    "Carla Careful",
    { slug: "confirm-first", title: "Confirm First" },
    "Draft lesson",
  );
  expect((await post("/staff/courses/confirm-first", { intent: "publish" })).status()).toBe(303);

  const main = page.getByRole("main");
  await open(page, lessonPath);
  await main.getByRole("button", { name: "Delete this draft" }).click();
  const question = page.getByRole("heading", { name: "Delete the lesson “Draft lesson”?" });
  await expect(question).toBeFocused();
  await expect(main).toContainText("Its notes, its video and its captions are deleted with it, for good");
  expect(await seriousViolations(page)).toEqual([]);
  await main.getByRole("link", { name: "Cancel: keep it as it is" }).click();
  await expect(question).toHaveCount(0);
  await main.getByRole("button", { name: "Delete this draft" }).click();
  await main.getByRole("button", { name: "Delete the lesson for good" }).click();
  await expect(page).toHaveURL(/\/staff\/courses\/confirm-first\?saved=lesson-deleted#lessons$/);
  await expect(main.getByRole("status").first()).toContainText("The lesson was deleted.");

  // Without JavaScript the question is a page of its own.
  const plain = await newContext(browser, { baseURL: own.url, javaScriptEnabled: false, storageState: await context.storageState() });
  const plainPage = await plain.newPage();
  await plainPage.goto("/staff/courses/confirm-first");
  await plainPage.getByRole("main").getByRole("button", { name: "Unpublish" }).click();
  await expect(plainPage.getByRole("heading", { name: "Unpublish the course?" })).toBeVisible();
  await expect(plainPage.getByRole("main")).toContainText("Learners will no longer find it");
  expect((await own.db.selectFrom("courses").select("status").where("slug", "=", "confirm-first").executeTakeFirstOrThrow()).status).toBe(
    "published",
  );
  await plainPage.getByRole("button", { name: "Unpublish the course" }).click();
  await expect(plainPage.getByRole("main").getByRole("status").first()).toContainText("The course is a draft again");
  await plain.close();
  await context.close();
});

test("leaving a lesson with notes not saved asks first, and a running upload can be cancelled, freeing its share of the allowance", async ({
  browser,
}) => {
  const { context, page, lessonPath, email } = await teacherWithALesson(
    browser,
    "Uma Unsaved",
    { slug: "unsaved-work", title: "Unsaved Work" },
    "Typed lesson",
  );
  const main = page.getByRole("main");
  await open(page, lessonPath);

  // Typed and not saved: a link away asks, and staying keeps the text.
  await main.getByLabel("Notes (Markdown)").fill("## Half-written notes");
  const questions: string[] = [];
  page.once("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await main.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Unsaved Work" }).click();
  await expect.poll(() => questions).toEqual(["You have changes you have not saved. Leave this page and lose them?"]);
  await expect(page).toHaveURL(new RegExp(`${lessonPath}$`));
  await expect(main.getByLabel("Notes (Markdown)")).toHaveValue("## Half-written notes");
  // Saved, the page is left without a question.
  await main.getByRole("button", { name: "Save the notes" }).click();
  await expect(main.getByRole("status").first()).toContainText("The notes were saved");
  page.on("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await main.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Unsaved Work" }).click();
  await expect(page).toHaveURL(/\/staff\/courses\/unsaved-work$/);
  expect(questions).toHaveLength(1);

  // An upload held on its way can be cancelled: the server forgets it.
  await open(page, lessonPath);
  await page.route("**/staff/uploads/**", (route) => (route.request().method() === "PATCH" ? undefined : route.continue()));
  await main.getByLabel("Video file").setInputFiles(files.video!);
  const { sub } = await own.db.selectFrom("people").select("sub").where("email", "=", email).executeTakeFirstOrThrow();
  const waiting = () => own.db.selectFrom("video_uploads").select("id").where("owner_sub", "=", sub).execute();
  await expect.poll(async () => (await waiting()).length).toBe(1);
  await main.getByRole("button", { name: "Cancel the upload" }).click();
  await expect(main.getByRole("status").filter({ hasText: "cancelled" })).toContainText(
    "The upload was cancelled: nothing of it is kept, and the lesson keeps its video as it was.",
  );
  await expect.poll(async () => (await waiting()).length).toBe(0);
  await context.close();
});

test("a student gets 403 on every staff page and action, and changes nothing", async ({ browser }) => {
  const { context: student, page } = await own.signedIn(browser, `other-${studentEmail}`, "Other Student");
  const before = await own.db.selectFrom("audit_log").select("id").execute();
  for (const path of [
    "/staff",
    "/staff/courses",
    "/staff/courses/new",
    "/staff/courses/java",
    "/staff/courses/java/lessons/new",
    "/staff/courses/java/lessons/java-01",
  ]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(403);
  }
  for (const [path, form] of [
    ["/staff/courses/new", { slug: "sneaky", title: "Sneaky course" }],
    ["/staff/courses/java", { intent: "unpublish" }],
    ["/staff/courses/java/lessons/java-01", { intent: "unpublish" }],
  ] as const) {
    const response = await page.request.post(path, { form, headers: { Origin: own.url } });
    expect(response.status(), path).toBe(403);
  }
  const upload = await page.request.post("/staff/uploads", {
    headers: {
      Origin: own.url,
      "Tus-Resumable": "1.0.0",
      "Upload-Length": "10",
      "Upload-Metadata": `lesson ${Buffer.from("java-01").toString("base64")}`,
    },
  });
  expect(upload.status()).toBe(403);
  expect(await own.db.selectFrom("audit_log").select("id").execute()).toEqual(before);
  expect((await own.db.selectFrom("courses").select("status").where("slug", "=", "java").executeTakeFirstOrThrow()).status).toBe(
    "published",
  );
  await student.close();
});

test("an administrator's pages (accounts, audit log) pass the accessibility checks, and the role change is logged", async ({ browser }) => {
  const adminEmail = `admin-${Date.now()}@example.com`;
  await assignRole(own.db, adminEmail, "admin");
  const { context, page } = await own.signedIn(browser, adminEmail, "Ada Admin");
  const main = page.getByRole("main");
  await open(page, "/staff");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Accounts" }).click();
  await main.getByRole("searchbox", { name: "Name or email" }).fill("sam student");
  await main.getByRole("button", { name: "Search" }).click();
  await expect(main.getByRole("row", { name: /Sam Student/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await main.getByRole("combobox", { name: "Role of Sam Student" }).selectOption({ label: "Teacher" });
  await main.getByRole("button", { name: "Change the role of Sam Student" }).click();
  await expect(main.getByRole("status")).toContainText("The role was changed.");
  // A new colleague gets their role before their first sign-in.
  const newcomer = `newcomer-${Date.now()}@example.com`;
  const byAddress = main.getByRole("region", { name: "Give a role by email address" });
  await byAddress.getByLabel("Email address").fill("not an address");
  await byAddress.getByRole("button", { name: "Give the role" }).click();
  // The browser's own check speaks first; the server's answers a browser that skips it.
  await expect(byAddress.getByLabel("Email address")).toHaveJSProperty("validity.valid", false);
  await byAddress.getByLabel("Email address").fill(newcomer);
  await byAddress.getByLabel("Role").selectOption({ label: "Moderator" });
  await byAddress.getByRole("button", { name: "Give the role" }).click();
  await expect(main.getByRole("status")).toContainText("The role was given.");
  await expect(byAddress.getByRole("table", { name: "Roles waiting for a first sign-in" })).toContainText(`${newcomer}Moderator`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Audit log" }).click();
  await main.getByRole("searchbox", { name: "Who (name or email), what or which" }).fill("Sam Student");
  await main.getByRole("button", { name: "Search" }).click();
  const latest = main.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem").first();
  await expect(latest).toContainText(`did account.role on Sam Student (${studentEmail}) person:`);
  await latest.getByText("Before and after").click();
  await expect(latest).toContainText("role: teacher");
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test("a moderator shows one hidden post again and deletes another from the queue, asked first, by keyboard", async ({ browser }) => {
  const moderatorEmail = `moderator-${Date.now()}@example.com`;
  await assignRole(own.db, moderatorEmail, "moderator");
  const hidden = (id: string, name: string, comment: string, minutesAgo: number) => ({
    id,
    name,
    comment,
    image: null,
    rating: 3,
    created_at: new Date(Date.now() - 3_600_000).toISOString(),
    author_sub: null,
    author_token_hash: null,
    hidden_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    hidden_by: "another.moderator@example.com",
  });
  const [keep, remove] = [`${Date.now().toString(16)}`.padStart(24, "a"), `${Date.now().toString(16)}`.padStart(24, "b")];
  await changeContent(own.db, "feedback", (trx) =>
    trx
      .insertInto("feedback_posts")
      .values([hidden(keep, "Priya K", "Hidden by mistake.", 5), hidden(remove, "Spam Bot", "Buy followers now.", 1)])
      .execute(),
  );
  const { context, page } = await own.signedIn(browser, moderatorEmail, "Mira Moderator");
  const main = page.getByRole("main");
  await open(page, "/staff");
  await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Hidden feedback" }).click();
  const queue = main.getByRole("list", { name: "Hidden posts" });
  await expect(queue.getByRole("listitem").first()).toContainText("Spam Bot");
  await expect(queue.getByRole("listitem").nth(1)).toContainText("Hidden by another.moderator@example.com on");
  expect(await seriousViolations(page)).toEqual([]);

  await main
    .getByRole("form", { name: "Moderate the feedback of Priya K" })
    .getByRole("button", { name: "Show on the wall again" })
    .focus();
  await page.keyboard.press("Enter");
  await expect(main.getByRole("status")).toContainText("The feedback is on the wall again.");
  await expect(queue).not.toContainText("Priya K");

  await main.getByRole("form", { name: "Moderate the feedback of Spam Bot" }).getByRole("button", { name: "Delete" }).focus();
  await page.keyboard.press("Enter");
  await expect(main.getByRole("heading", { name: "Delete this feedback for good?" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await own.db.selectFrom("feedback_posts").select("id").where("id", "=", remove).execute()).toHaveLength(1);
  await main.getByRole("button", { name: "Delete the feedback" }).click();
  await expect(main.getByRole("status")).toContainText("The feedback was deleted.");
  await expect(main).toContainText("No feedback is hidden.");
  expect(await own.db.selectFrom("feedback_posts").select("id").where("id", "=", remove).execute()).toHaveLength(0);
  expect(await seriousViolations(page)).toEqual([]);

  await open(page, "/feedback");
  await expect(main).toContainText("Hidden by mistake.");
  await context.close();
});

test("an owner archives a course, asked first, finds it under the archived ones, and restores it as a draft", async ({ browser }) => {
  const { context, page } = await teacherWithALesson(browser, "Arun Archivist", { slug: "archive-me", title: "Archive Me" }, "Only lesson");
  const main = page.getByRole("main");
  await open(page, "/staff/courses/archive-me");
  // Described in Markdown, previewed before saving, then the whole draft course as a learner will see it.
  await main.getByLabel("Description").fill("## Who it is for\n\nAnyone who **keeps** things.");
  await main.getByRole("button", { name: "Preview the description" }).click();
  const preview = main.getByRole("region", { name: "Preview (not saved yet)" });
  await expect(preview.getByRole("heading", { level: 3, name: "Who it is for" })).toBeVisible();
  await expect(main.getByLabel("Description")).toHaveValue("## Who it is for\n\nAnyone who **keeps** things.");
  expect(await seriousViolations(page)).toEqual([]);
  await main.getByRole("button", { name: "Save the details" }).click();
  await expect(main.getByRole("status")).toContainText("The details were saved.");
  await main.getByRole("link", { name: "Preview as a learner" }).click();
  await expect(page.getByRole("complementary", { name: "Preview" })).toContainText("lesson 1 is a draft, shown here only");
  await expect(main.getByRole("region", { name: "About this course" })).toContainText("Anyone who keeps things.");
  await expect(main.getByRole("heading", { level: 2, name: "Only lesson" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await open(page, "/staff/courses/archive-me");
  await main.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(main.getByRole("heading", { name: "Archive the course?" })).toBeFocused();
  await expect(main).toContainText("certificates still verify");
  expect(await seriousViolations(page)).toEqual([]);
  await main.getByRole("button", { name: "Archive the course" }).click();
  await expect(main.getByRole("status")).toContainText("The course is archived");
  await expect(main.getByRole("region", { name: "Status" })).toContainText("Archived");
  expect(await seriousViolations(page)).toEqual([]);

  await open(page, "/staff/courses");
  const archived = main.getByRole("region", { name: /Archived courses/ });
  await expect(archived.getByRole("link", { name: "Archive Me" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await archived.getByRole("link", { name: "Archive Me" }).click();
  await main.getByRole("button", { name: "Restore (as a draft)" }).click();
  await expect(main.getByRole("status")).toContainText("The course is restored as a draft");
  await expect(main.getByRole("button", { name: "Publish" })).toBeVisible();
  await context.close();
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { registerIn, testPassword } from "../setup/accounts.ts";
import { solvedCaptcha } from "../setup/captcha.ts";
import { engines } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { startSite, type RunningSite } from "../setup/server.ts";

// A name, title or comment made only of characters that draw nothing (zero-width spaces and
// joiners, bidi controls, a Hangul filler, spaces) says nothing: every form where a person types
// one refuses it as empty, with the message it gives for an empty field, and stores nothing.

/** Long enough for any field's minimum length (a lesson's description needs 20). */
const invisible =
  "\u200B\u200C\u200D\u2060\u202E\u202C\u2066\u2069\uFEFF\u3164 \u00A0\u200B\u200C\u200D\u2060\u202E\u202C\u2066\u2069\uFEFF\u3164";

type Db = DatabaseHandle["db"];
const count = (
  db: Db,
  table: "feedback_posts" | "contact_messages" | "account_links" | "courses" | "course_listings" | "lessons" | "quizzes" | "quiz_questions",
) =>
  db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));

interface Post {
  form: string;
  path: string;
  /** The form's fields, the invisible one included; `altcha` is filled with a solved captcha. */
  fields: Record<string, string>;
  message: string;
  /** What the post would have stored, read before and after: unchanged. */
  stored: (db: Db) => Promise<unknown>;
  /** Posted as JSON (the feedback API) rather than as a form. */
  json?: boolean;
}

const courseTitle = (db: Db) =>
  db.selectFrom("courses").select(["title", "image_alt", "image_src"]).where("slug", "=", "java").executeTakeFirstOrThrow();
const quizTitle = (db: Db) => db.selectFrom("quizzes").select("title").where("slug", "=", "java").executeTakeFirstOrThrow();
const listing = { category: "mern", title: "A card", teacher: "Meena", price: "10", duration: "2 hours" };

const posts: Post[] = [
  {
    form: "registration: name",
    path: "/register",
    fields: { name: invisible, phone: "9840012345", email: "invisible@example.com", password1: testPassword, password2: testPassword },
    message: "Please enter your name.",
    stored: (db) => count(db, "account_links"),
  },
  {
    form: "feedback: name",
    path: "/feedback/new",
    fields: { name: invisible, comment: "Clear lessons.", rating: "4" },
    message: "Please enter your name.",
    stored: (db) => count(db, "feedback_posts"),
  },
  {
    form: "feedback: comment",
    path: "/feedback/new",
    fields: { name: "Meena", comment: invisible, rating: "4" },
    message: "Please enter your comment.",
    stored: (db) => count(db, "feedback_posts"),
  },
  {
    form: "feedback API: name and comment",
    path: "/feedback/new",
    fields: { name: invisible, comment: invisible, rating: "4" },
    message: "Please enter your comment.",
    stored: (db) => count(db, "feedback_posts"),
    json: true,
  },
  {
    form: "contact: name",
    path: "/contact",
    fields: { name: invisible, email: "meena@example.com", phone: "9840012345", message: "Hello", altcha: "" },
    message: "Please enter your name.",
    stored: (db) => count(db, "contact_messages"),
  },
  {
    form: "new course: title",
    path: "/staff/courses/new",
    fields: { title: invisible, slug: "invisible-course" },
    message: "The title is required.",
    stored: (db) => count(db, "courses"),
  },
  {
    form: "course details: title",
    path: "/staff/courses/java",
    fields: { intent: "details", title: invisible, imageAlt: "" },
    message: "The title is required.",
    stored: courseTitle,
  },
  ...(["title", "teacher", "duration"] as const).map((field) => ({
    form: `course listing: ${field}`,
    path: "/staff/courses/java",
    fields: { intent: "listing-add", ...listing, [field]: invisible },
    message: `${{ title: "The card's title", teacher: "The teacher's name", duration: "The duration" }[field]} is required.`,
    stored: (db: Db) => count(db, "course_listings"),
  })),
  {
    form: "new lesson: title",
    path: "/staff/courses/java/lessons/new",
    fields: { title: invisible, description: "A lesson about the things a lesson is about." },
    message: "The title is required.",
    stored: (db) => count(db, "lessons"),
  },
  {
    form: "new lesson: description",
    path: "/staff/courses/java/lessons/new",
    fields: { title: "Invisible things", description: invisible },
    message: "The description is required.",
    stored: (db) => count(db, "lessons"),
  },
  {
    form: "lesson details: title",
    path: "/staff/courses/java/lessons/java-01",
    fields: { intent: "details", title: invisible, description: "A lesson about the things a lesson is about." },
    message: "The title is required.",
    stored: (db) => db.selectFrom("lessons").select("title").where("id", "=", "java-01").executeTakeFirstOrThrow(),
  },
  {
    form: "new quiz: title",
    path: "/staff/quizzes",
    fields: { title: invisible, slug: "invisible", coursePath: "/courses/java" },
    message: "The title is required.",
    stored: (db) => count(db, "quizzes"),
  },
  {
    form: "quiz settings: title",
    path: "/staff/quizzes/java",
    fields: { intent: "settings", title: invisible, coursePath: "/courses/java" },
    message: "The title is required.",
    stored: quizTitle,
  },
  {
    form: "question: text",
    path: "/staff/quizzes/java",
    fields: { intent: "question-add", question: invisible, option1: "Yes", option2: "No", correct: "1" },
    message: "The question needs at least 5 characters.",
    stored: (db) => count(db, "quiz_questions"),
  },
  {
    form: "question: an option",
    path: "/staff/quizzes/java",
    fields: { intent: "question-add", question: "Is this visible?", option1: "Yes", option2: invisible, correct: "1" },
    message: "A question has 2 to 6 options; this one has 1.",
    stored: (db) => count(db, "quiz_questions"),
  },
];

describe.each(engines)("text of invisible characters only, on %s", (engine) => {
  let site: RunningSite;
  let handle: DatabaseHandle;
  let admin: TestBrowser;
  beforeAll(async () => {
    const email = `root-invisible-${process.pid}@college.example`;
    site = await startSite({ TRUST_PROXY: "1", ADMIN_EMAILS: email }, engine);
    handle = site.database.open();
    admin = new TestBrowser(site.url, "198.51.100.60");
    await registerIn(admin, email, "Invisible Admin");
  });
  afterAll(async () => {
    await handle?.close();
    await site?.stop();
  });

  it.each(posts)("$form is refused as empty, and nothing is stored", async ({ path, fields, message, stored, json }) => {
    const before = await stored(handle.db);
    const filled = "altcha" in fields ? { ...fields, altcha: await solvedCaptcha(site.url) } : fields;
    // Signed in as an administrator for the staff forms; a visitor of its own for the public ones.
    const browser = path.startsWith("/staff")
      ? admin
      : new TestBrowser(site.url, `198.51.100.${61 + posts.findIndex((post) => post.path === path)}`);
    const response = json
      ? await browser.request(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(filled) })
      : await browser.postForm(path, filled);
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(json ? body : visibleText(body)).toContain(message);
    expect(await stored(handle.db)).toEqual(before);
  });

  it("keeps a picture's description of invisible characters from counting as one", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "details", title: "Java Programming Course", imageAlt: invisible }))
      form.set(name, value);
    form.set("image", new Blob(["\x89PNG\r\n\x1a\n"], { type: "image/png" }), "cover.png");
    const before = await courseTitle(handle.db);
    const response = await admin.request("/staff/courses/java", { method: "POST", body: form });
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("Describe the picture for people who cannot see it.");
    expect(await courseTitle(handle.db)).toEqual(before);
  });

  it("refuses a question file whose option is made of invisible characters, importing nothing", async () => {
    const before = await count(handle.db, "quiz_questions");
    const form = new FormData();
    form.set("intent", "import");
    form.set("format", "gift");
    form.set("file", new Blob([`::Q1:: Is this visible? {=Yes ~${invisible}}\n`], { type: "text/plain" }), "quiz.gift");
    const response = await admin.request("/staff/quizzes/java", { method: "POST", body: form });
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("Line 1 (Q1): An option is empty: give each option some text.");
    expect(await count(handle.db, "quiz_questions")).toBe(before);
  });

  it("keeps a profile address of invisible characters as no address", async () => {
    const email = `root-invisible-${process.pid}@college.example`;
    const response = await admin.postForm("/profile", { phone: "9840012345", address: invisible });
    expect(response.status).toBe(200);
    const account = await handle.db
      .selectFrom("accounts")
      .select(["phone", "address"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ phone: "9840012345", address: null });
  });

  it("answers a help question or a library search of invisible characters as none asked", async () => {
    const help = await fetch(`${site.url}/help?q=${encodeURIComponent(invisible)}`);
    expect(visibleText(await help.text())).toContain("Please type what you are looking for");
    const library = await fetch(`${site.url}/library?q=${encodeURIComponent(invisible)}`);
    expect(library.status).toBe(400);
    expect(visibleText(await library.text())).toContain("Please type a few words of a title, an author or a subject, then press Search.");
  });
});

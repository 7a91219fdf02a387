import { describe, expect, it } from "vitest";
import { assignRole } from "#app/features/auth/roles.server.ts";
import type { Role } from "#app/features/auth/roles.ts";
import { registerIn } from "../setup/accounts.ts";
import { engines } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { siteForTests } from "../setup/server.ts";

let people = 0;

/** Every page of a course's staff area, and every form post it takes. */
const coursePages = (slug: string, lesson: string) => [
  `/staff/courses/${slug}`,
  `/staff/courses/${slug}/stats`,
  `/staff/courses/${slug}/stats.csv?table=lessons`,
  `/staff/courses/${slug}/stats.csv?table=students`,
  `/staff/courses/${slug}/preview`,
  `/staff/courses/${slug}/lessons/new`,
  `/staff/courses/${slug}/lessons/${lesson}`,
];
const courseActions = (slug: string, lesson: string): [string, Record<string, string>][] => [
  [`/staff/courses/${slug}`, { intent: "details", title: "Taken over" }],
  [`/staff/courses/${slug}`, { intent: "unpublish" }],
  [`/staff/courses/${slug}`, { intent: "publish" }],
  [`/staff/courses/${slug}`, { intent: "certificate-rule", quiz: "", pass: "10" }],
  [`/staff/courses/${slug}`, { intent: "reorder", order: lesson }],
  [
    `/staff/courses/${slug}`,
    {
      intent: "listing-add",
      category: "web",
      title: "Taken",
      teacher: "Someone",
      price: "1",
      reviews: "0",
      duration: "1 Hr",
      students: "0",
    },
  ],
  [`/staff/courses/${slug}`, { intent: "team-put", email: "intruder@college.example", role: "owner" }],
  [`/staff/courses/${slug}`, { intent: "team-remove", email: "anyone@college.example" }],
  [`/staff/courses/${slug}`, { intent: "archive", confirmed: "yes" }],
  [`/staff/courses/${slug}`, { intent: "restore" }],
  [`/staff/courses/${slug}/lessons/new`, { title: "Sneaky lesson", description: "A lesson that should never be stored anywhere at all." }],
  [`/staff/courses/${slug}/lessons/${lesson}`, { intent: "unpublish" }],
  [`/staff/courses/${slug}/lessons/${lesson}`, { intent: "delete" }],
  [`/staff/courses/${slug}/lessons/${lesson}`, { intent: "notes", notes: "## Not mine to write" }],
  [`/staff/courses/${slug}/lessons/${lesson}`, { intent: "captions-remove", language: "en", confirmed: "yes" }],
  // React Router's own form requests reach the same actions.
  [`/staff/courses/${slug}.data`, { intent: "unpublish" }],
];
const quizPages = (slug: string) => [
  `/staff/quizzes/${slug}`,
  `/staff/quizzes/${slug}/preview`,
  `/staff/quizzes/${slug}/export.gift`,
  `/staff/quizzes/${slug}/results`,
  `/staff/quizzes/${slug}/results.csv`,
];
const quizActions = (slug: string): [string, Record<string, string>][] => [
  [`/staff/quizzes/${slug}`, { intent: "unpublish" }],
  [`/staff/quizzes/${slug}`, { intent: "publish" }],
  [`/staff/quizzes/${slug}`, { intent: "settings", title: "Taken over", coursePath: "/courses/java" }],
  [`/staff/quizzes/${slug}`, { intent: "question-add", question: "Mine now?", option1: "Yes", option2: "No", correct: "1" }],
  [`/staff/quizzes/${slug}`, { intent: "team-put", email: "intruder@college.example", role: "owner" }],
  [`/staff/quizzes/${slug}`, { intent: "archive", confirmed: "yes" }],
  [`/staff/quizzes/${slug}`, { intent: "restore" }],
  [`/staff/quizzes/${slug}/preview`, { current: "x" }],
  [`/staff/quizzes/${slug}.data`, { intent: "unpublish" }],
];

describe.each(engines)("course and quiz teams on %s", (engine) => {
  const site = siteForTests({ TRUST_PROXY: "1" }, engine);

  const address = (label: string) => `${label}-${++people}-${process.pid}@college.example`;
  /** A browser signed in as a new person with this role (given before their first sign-in, as the college does). */
  async function person(role: Role, email = address(role)) {
    if (role !== "student") await assignRole(site.db, email, role);
    const browser = new TestBrowser(site.server.url, `198.51.100.${people % 250}`);
    await registerIn(browser, email, `${role} ${people}`);
    return { browser, email };
  }
  /** Everything a refused request must leave as it was. */
  const snapshot = async (kind: "course" | "quiz", slug: string) => ({
    content:
      kind === "course"
        ? {
            course: await site.db.selectFrom("courses").selectAll().where("slug", "=", slug).execute(),
            lessons: await site.db.selectFrom("lessons").selectAll().where("course_slug", "=", slug).orderBy("id").execute(),
            listings: await site.db.selectFrom("course_listings").selectAll().where("course_slug", "=", slug).orderBy("id").execute(),
          }
        : {
            quiz: await site.db.selectFrom("quizzes").selectAll().where("slug", "=", slug).execute(),
            questions: await site.db.selectFrom("quiz_questions").selectAll().where("quiz_slug", "=", slug).orderBy("id").execute(),
          },
    team: await site.db.selectFrom("content_teams").selectAll().where("content_slug", "=", slug).orderBy("email").execute(),
    audit: (await site.db.selectFrom("audit_log").select("id").execute()).length,
  });
  const team = (kind: "course" | "quiz", slug: string) =>
    site.db
      .selectFrom("content_teams")
      .select(["email", "role"])
      .where("content_kind", "=", kind)
      .where("content_slug", "=", slug)
      .orderBy("email")
      .execute();

  /** A new course with one lesson, made by `owner`; the lesson's id. */
  async function courseWithALesson(owner: TestBrowser, slug: string) {
    expect((await owner.postForm("/staff/courses/new", { slug, title: `Course ${slug}` })).status).toBe(302);
    const lesson = await owner.postForm(`/staff/courses/${slug}/lessons/new`, {
      title: "First steps",
      description: "Where the course begins.",
    });
    expect(lesson.status).toBe(303);
    return new URL(lesson.headers.get("location")!, site.server.url).pathname.split("/").pop()!;
  }

  it("makes a course's creator its owner, and keeps every other teacher out of every page and action, changing nothing", async () => {
    const owner = await person("teacher");
    const slug = `team-course-${people}`;
    const lesson = await courseWithALesson(owner.browser, slug);
    expect(await team("course", slug)).toEqual([{ email: owner.email, role: "owner" }]);
    for (const path of coursePages(slug, lesson)) expect((await owner.browser.request(path)).status, path).toBe(200);
    expect(visibleText(await (await owner.browser.request("/staff/courses")).text())).toContain(`Course ${slug}`);

    const other = await person("teacher");
    expect(visibleText(await (await other.browser.request("/staff/courses")).text())).not.toContain(`Course ${slug}`);
    const before = await snapshot("course", slug);
    for (const path of coursePages(slug, lesson)) expect((await other.browser.request(path)).status, path).toBe(403);
    for (const [path, form] of courseActions(slug, lesson))
      expect((await other.browser.postForm(path, form)).status, `${path} ${form.intent}`).toBe(403);
    const upload = await other.browser.request("/staff/uploads", {
      method: "POST",
      headers: { "Tus-Resumable": "1.0.0", "Upload-Length": "10", "Upload-Metadata": `lesson ${btoa(lesson)}` },
    });
    expect(upload.status).toBe(403);
    expect(await upload.text()).toContain("Only this course's teachers can upload its lessons' videos.");
    expect(await snapshot("course", slug)).toEqual(before);
    const refused = visibleText(await (await other.browser.request(`/staff/courses/${slug}`)).text());
    expect(refused).toContain("Only this course's teachers can open this page.");
  });

  it("lets owners add a co-teacher by email before their first sign-in, who then changes the course but not its team", async () => {
    const owner = await person("teacher");
    const slug = `team-shared-${people}`;
    await courseWithALesson(owner.browser, slug);
    const coTeacherEmail = address("co-teacher");
    const added = await owner.browser.postForm(`/staff/courses/${slug}`, {
      intent: "team-put",
      email: ` ${coTeacherEmail.toUpperCase()} `,
      role: "teacher",
    });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(`/staff/courses/${slug}?saved=team#team`);
    const page = visibleText(await (await owner.browser.request(`/staff/courses/${slug}`)).text());
    expect(page).toContain(`Not signed in yet ${coTeacherEmail}Teacher`);

    // Their first sign-in, as a teacher: the course is theirs to change at once.
    const coTeacher = await person("teacher", coTeacherEmail);
    expect(visibleText(await (await coTeacher.browser.request("/staff/courses")).text())).toContain(`Course ${slug}`);
    expect((await coTeacher.browser.postForm(`/staff/courses/${slug}`, { intent: "details", title: "Shared course" })).status).toBe(303);
    expect((await site.db.selectFrom("courses").select("title").where("slug", "=", slug).executeTakeFirstOrThrow()).title).toBe(
      "Shared course",
    );
    // The team is the owners' to change.
    const before = await snapshot("course", slug);
    expect(
      (await coTeacher.browser.postForm(`/staff/courses/${slug}`, { intent: "team-put", email: coTeacherEmail, role: "owner" })).status,
    ).toBe(403);
    expect((await coTeacher.browser.postForm(`/staff/courses/${slug}`, { intent: "team-remove", email: owner.email })).status).toBe(403);
    expect(await snapshot("course", slug)).toEqual(before);
    expect(visibleText(await (await coTeacher.browser.request(`/staff/courses/${slug}`)).text())).not.toContain("Add a teacher by email");

    // Taken off, they are out at once.
    expect(
      (await owner.browser.postForm(`/staff/courses/${slug}`, { intent: "team-remove", email: coTeacherEmail, confirmed: "yes" })).status,
    ).toBe(303);
    expect((await coTeacher.browser.request(`/staff/courses/${slug}`)).status).toBe(403);
    const audit = await site.db
      .selectFrom("audit_log")
      .select(["action", "before", "after"])
      .where("subject", "=", `course:${slug}`)
      .where("action", "=", "course.team")
      .execute();
    expect(audit).toHaveLength(2);
  });

  it("refuses a bad address or role, a second owner's removal of the last owner, and a repeat, storing nothing", async () => {
    const owner = await person("teacher");
    const slug = `team-rules-${people}`;
    await courseWithALesson(owner.browser, slug);
    const before = await snapshot("course", slug);
    for (const [form, message] of [
      [{ email: "not an address", role: "teacher" }, "Give the teacher's email address"],
      [{ email: "", role: "teacher" }, "Give the teacher's email address"],
      [{ email: "someone@college.example", role: "admin" }, "Choose owner or teacher."],
      [{ email: `${"a".repeat(250)}@college.example`, role: "teacher" }, "An email address has at most 254 characters."],
      [{ email: owner.email, role: "owner" }, "is already an owner of this course."],
      [{ email: owner.email, role: "teacher" }, "is this course's only owner: make someone else an owner first."],
    ] as const) {
      const answer = await owner.browser.postForm(`/staff/courses/${slug}`, { intent: "team-put", ...form });
      expect(answer.status, JSON.stringify(form)).toBeGreaterThanOrEqual(400);
      expect(visibleText(await answer.text()), JSON.stringify(form)).toContain(message);
    }
    const last = await owner.browser.postForm(`/staff/courses/${slug}`, { intent: "team-remove", email: owner.email, confirmed: "yes" });
    expect(last.status).toBe(409);
    const nobody = await owner.browser.postForm(`/staff/courses/${slug}`, {
      intent: "team-remove",
      email: "nobody@college.example",
      confirmed: "yes",
    });
    expect(nobody.status).toBe(404);
    expect(await snapshot("course", slug)).toEqual(before);
  });

  it("goes by the address the sign-in service vouched for: without one, a teacher creates nothing and opens no team's course", async () => {
    const owner = await person("teacher");
    const slug = `team-vouched-${people}`;
    await courseWithALesson(owner.browser, slug);
    // As after a sign-in with a provider that did not mark the address verified.
    const { sub } = await site.db.selectFrom("people").select("sub").where("email", "=", owner.email).executeTakeFirstOrThrow();
    await site.db.updateTable("sessions").set({ role_email: null }).where("sub", "=", sub).execute();
    const before = await snapshot("course", slug);
    expect((await owner.browser.request(`/staff/courses/${slug}`)).status).toBe(403);
    const refused = await owner.browser.postForm("/staff/courses/new", { slug: `${slug}-2`, title: "Not without an address" });
    expect(refused.status).toBe(403);
    expect(visibleText(await refused.text())).toContain("Your sign-in service did not confirm your email address");
    expect(
      (await owner.browser.postForm("/staff/quizzes", { slug: `${slug}-quiz`, title: "Nor this", coursePath: "/courses/java" })).status,
    ).toBe(403);
    expect(await site.db.selectFrom("courses").select("slug").where("slug", "like", `${slug}-%`).execute()).toEqual([]);
    expect(await site.db.selectFrom("quizzes").select("slug").where("slug", "=", `${slug}-quiz`).execute()).toEqual([]);
    expect(await snapshot("course", slug)).toEqual(before);
  });

  it("keeps one owner when two owners take each other off at once", async () => {
    const first = await person("teacher");
    const second = await person("teacher");
    const slug = `team-race-${people}`;
    await courseWithALesson(first.browser, slug);
    await first.browser.postForm(`/staff/courses/${slug}`, { intent: "team-put", email: second.email, role: "owner" });
    const answers = await Promise.all([
      first.browser.postForm(`/staff/courses/${slug}`, { intent: "team-remove", email: second.email, confirmed: "yes" }),
      second.browser.postForm(`/staff/courses/${slug}`, { intent: "team-remove", email: first.email, confirmed: "yes" }),
    ]);
    // The second either finds itself off the team (403) or its colleague the last owner (409).
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(1);
    expect(await team("course", slug)).toHaveLength(1);
  });

  it("does the same for quizzes: the creator owns it, another teacher gets 403 everywhere, an administrator may do anything", async () => {
    const owner = await person("teacher");
    const slug = `team-quiz-${people}`;
    expect((await owner.browser.postForm("/staff/quizzes", { slug, title: "Team quiz", coursePath: "/courses/java" })).status).toBe(303);
    expect(
      (
        await owner.browser.postForm(`/staff/quizzes/${slug}`, {
          intent: "question-add",
          question: "Who owns this?",
          option1: "Me",
          option2: "You",
          correct: "1",
        })
      ).status,
    ).toBe(303);
    expect(await team("quiz", slug)).toEqual([{ email: owner.email, role: "owner" }]);
    for (const path of quizPages(slug)) expect((await owner.browser.request(path)).status, path).toBe(200);

    const other = await person("teacher");
    expect(visibleText(await (await other.browser.request("/staff/quizzes")).text())).not.toContain("Team quiz");
    const before = await snapshot("quiz", slug);
    for (const path of quizPages(slug)) expect((await other.browser.request(path)).status, path).toBe(403);
    for (const [path, form] of quizActions(slug))
      expect((await other.browser.postForm(path, form)).status, `${path} ${form.intent}`).toBe(403);
    // A seeded quiz has no team until someone is put on it: no teacher may change it.
    for (const [path, form] of quizActions("java"))
      expect((await owner.browser.postForm(path, form)).status, `${path} ${form.intent}`).toBe(403);
    expect(await snapshot("quiz", slug)).toEqual(before);

    const admin = await person("admin");
    expect(visibleText(await (await admin.browser.request("/staff/quizzes")).text())).toContain("Team quiz");
    expect(
      (await admin.browser.postForm(`/staff/quizzes/${slug}`, { intent: "team-put", email: other.email, role: "teacher" })).status,
    ).toBe(303);
    expect((await other.browser.request(`/staff/quizzes/${slug}`)).status).toBe(200);
    expect((await admin.browser.postForm("/staff/quizzes/java", { intent: "team-put", email: owner.email, role: "owner" })).status).toBe(
      303,
    );
    expect((await owner.browser.request("/staff/quizzes/java")).status).toBe(200);
  });
  it("lets owners archive a course and a quiz, asked first, and restore them as drafts; learners lose the pages, not their history", async () => {
    const owner = await person("teacher");
    const slug = `archived-course-${people}`;
    const lesson = await courseWithALesson(owner.browser, slug);
    const quiz = `archived-quiz-${people}`;
    expect(
      (await owner.browser.postForm("/staff/quizzes", { slug: quiz, title: "Archived quiz", coursePath: "/courses/java" })).status,
    ).toBe(303);
    const colleague = await person("teacher");
    for (const [kind, name] of [
      ["courses", slug],
      ["quizzes", quiz],
    ] as const)
      expect(
        (await owner.browser.postForm(`/staff/${kind}/${name}`, { intent: "team-put", email: colleague.email, role: "teacher" })).status,
      ).toBe(303);
    for (const form of [{ intent: "publish" }, { intent: "publish", lesson }])
      expect(
        (
          await owner.browser.postForm(form.lesson ? `/staff/courses/${slug}/lessons/${lesson}` : `/staff/courses/${slug}`, {
            intent: form.intent,
          })
        ).status,
      ).toBe(303);
    const learner = await person("student");
    expect((await learner.browser.request(`/courses/${slug}`)).status).toBe(200);
    expect((await learner.browser.postForm("/progress", { course: slug, lesson: "1", finished: "true" })).status).toBe(204);
    const progress = () => site.db.selectFrom("lesson_progress").selectAll().where("course_slug", "=", slug).execute();
    const kept = await progress();
    expect(kept).toHaveLength(1);

    // A teacher on the team may not archive; the owner is asked first, then it is done.
    for (const [path, subject] of [
      [`/staff/courses/${slug}`, "course"],
      [`/staff/quizzes/${quiz}`, "quiz"],
    ] as const) {
      const before = await snapshot(subject, subject === "course" ? slug : quiz);
      const refused = await colleague.browser.postForm(path, { intent: "archive", confirmed: "yes" });
      expect(refused.status, path).toBe(403);
      expect(visibleText(await refused.text())).toContain(`Only the ${subject}'s owners and administrators can archive or restore it.`);
      const asked = await owner.browser.postForm(path, { intent: "archive" });
      expect(asked.status).toBe(200);
      expect(visibleText(await asked.text())).toContain(`Archive the ${subject}?`);
      expect(await snapshot(subject, subject === "course" ? slug : quiz)).toEqual(before);
      const archived = await owner.browser.postForm(path, { intent: "archive", confirmed: "yes" });
      expect(archived.status).toBe(303);
      expect(archived.headers.get("location")).toBe(`${path}?saved=archived`);
    }
    expect((await learner.browser.request(`/courses/${slug}`)).status).toBe(404);
    expect(await progress()).toEqual(kept);
    const list = visibleText(await (await owner.browser.request("/staff/courses")).text());
    expect(list.slice(list.indexOf("Archived courses (1)"))).toContain(`Course ${slug}`);
    expect(list.slice(0, list.indexOf("Archived courses"))).not.toContain(`Course ${slug}`);

    // Publishing needs a restore first; the restore brings it back as a draft.
    const before = await snapshot("course", slug);
    const publish = await owner.browser.postForm(`/staff/courses/${slug}`, { intent: "publish" });
    expect(publish.status).toBe(409);
    expect(visibleText(await publish.text())).toContain("The course is archived: restore it before you publish it.");
    // Unpublishing is no back door to a restore, which only its owners may do.
    const unpublish = await colleague.browser.postForm(`/staff/courses/${slug}`, { intent: "unpublish", confirmed: "yes" });
    expect(unpublish.status).toBe(409);
    expect(await snapshot("course", slug)).toEqual(before);
    // Nor is anything else changed until it is restored: it is the record of what learners took.
    const quizBefore = await snapshot("quiz", quiz);
    for (const [path, form] of [
      [`/staff/courses/${slug}`, { intent: "details", title: "Changed while archived" }],
      [`/staff/courses/${slug}/lessons/new`, { title: "A new lesson", description: "A lesson added to an archived course, refused." }],
      [`/staff/courses/${slug}/lessons/${lesson}`, { intent: "notes", notes: "Changed while archived" }],
      [`/staff/quizzes/${quiz}`, { intent: "settings", title: "Changed while archived", coursePath: "/courses/java" }],
      [
        `/staff/quizzes/${quiz}`,
        { intent: "question-add", question: "Added while archived?", option1: "Yes", option2: "No", correct: "1" },
      ],
    ] as const) {
      const refused = await owner.browser.postForm(path, form);
      expect(refused.status, path).toBe(409);
      expect(visibleText(await refused.text()), path).toMatch(/The (course|quiz) is archived: restore it before changing it\./);
    }
    const upload = await owner.browser.request("/staff/uploads", {
      method: "POST",
      headers: { "Tus-Resumable": "1.0.0", "Upload-Length": "10", "Upload-Metadata": `lesson ${btoa(lesson)}` },
    });
    expect(upload.status).toBe(409);
    expect(await upload.text()).toContain("The course is archived: restore it before changing it.");
    expect(await snapshot("course", slug)).toEqual(before);
    expect(await snapshot("quiz", quiz)).toEqual(quizBefore);
    expect((await colleague.browser.postForm(`/staff/quizzes/${quiz}`, { intent: "restore" })).status).toBe(403);
    expect((await owner.browser.postForm(`/staff/courses/${slug}`, { intent: "restore" })).status).toBe(303);
    expect((await owner.browser.postForm(`/staff/quizzes/${quiz}`, { intent: "restore" })).status).toBe(303);
    const statuses = [
      (await site.db.selectFrom("courses").select("status").where("slug", "=", slug).executeTakeFirstOrThrow()).status,
      (await site.db.selectFrom("quizzes").select("status").where("slug", "=", quiz).executeTakeFirstOrThrow()).status,
    ];
    expect(statuses).toEqual(["draft", "draft"]);
    const log = await site.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject", "in", [`course:${slug}`, `quiz:${quiz}`])
      .where("action", "like", "%.%")
      .orderBy("id")
      .execute();
    expect(log.map((line) => line.action).filter((action) => /archive|restore/.test(action))).toEqual([
      "course.archive",
      "quiz.archive",
      "course.restore",
      "quiz.restore",
    ]);
  });
  it("describes a course in Markdown, previews the description and the draft course as learners will see them, and stores nothing bad", async () => {
    const owner = await person("teacher");
    const slug = `described-${people}`;
    const lesson = await courseWithALesson(owner.browser, slug);
    const details = (fields: Record<string, string>) =>
      owner.browser.postForm(`/staff/courses/${slug}`, { title: `Course ${slug}`, imageAlt: "", ...fields });
    const description = "## Who it is for\n\nBeginners.\n\n- **Variables**\n- Loops\n\n<script>alert(1)</script>";

    // A preview shows the HTML and stores nothing; too long is refused, keeping the course as it was.
    const before = await snapshot("course", slug);
    const preview = await details({ intent: "details-preview", description });
    expect(preview.status).toBe(200);
    const previewHtml = await preview.text();
    // Its headings sit under the page's own "About this course".
    expect(previewHtml).toContain("<h3>Who it is for</h3>");
    expect(previewHtml).toContain("<strong>Variables</strong>");
    expect(previewHtml).not.toContain("<script>alert(1)</script>");
    const tooLong = await details({ intent: "details", description: "x".repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect(visibleText(await tooLong.text())).toContain("The description can have at most 5,000 characters.");
    expect(await snapshot("course", slug)).toEqual(before);

    expect((await details({ intent: "details", description })).status).toBe(303);
    // The draft course and its draft lesson, as learners will see them: only its team may look.
    const learner = await person("student");
    expect((await learner.browser.request(`/courses/${slug}`)).status).toBe(404);
    expect((await learner.browser.request(`/staff/courses/${slug}/preview`)).status).toBe(403);
    const page = visibleText(await (await owner.browser.request(`/staff/courses/${slug}/preview`)).text());
    expect(page).toContain("The course is a draft; lesson 1 is a draft, shown here only. Progress is not kept.");
    expect(page).toContain("Lesson 1 of 1 First steps");
    expect(page).toContain("About this course Who it is for Beginners. Variables Loops");
    expect((await owner.browser.request(`/staff/courses/${slug}/preview?lesson=2`)).status).toBe(404);

    // Published, learners read the description on the course page.
    expect((await owner.browser.postForm(`/staff/courses/${slug}/lessons/${lesson}`, { intent: "publish" })).status).toBe(303);
    expect((await owner.browser.postForm(`/staff/courses/${slug}`, { intent: "publish" })).status).toBe(303);
    const published = await (await learner.browser.request(`/courses/${slug}`)).text();
    expect(visibleText(published)).toContain("About this course Who it is for Beginners.");
    expect(published).not.toContain("<script>alert(1)</script>");
  });
});

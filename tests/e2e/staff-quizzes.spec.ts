import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { questionsByQuiz } from "#app/content/seeds/quiz-questions/index.server.ts";
import { putOnTeam } from "../setup/teams.ts";
import { assignRole } from "#app/features/auth/roles.server.ts";
import { open } from "./open.ts";
import { seriousViolations } from "./page-checks.ts";
import { siteOfItsOwn } from "./site-of-its-own.ts";
import { test } from "./test.ts";

// A site of its own: the tests change the React quiz.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const own = siteOfItsOwn();
const teacherEmail = `quiz-teacher-${Date.now()}@example.com`;
const importerEmail = `quiz-importer-${Date.now()}@example.com`;
const react = questionsByQuiz.react!;

test.beforeAll(async () => {
  await assignRole(own.db, teacherEmail, "teacher");
  await assignRole(own.db, importerEmail, "teacher");
  // Both teach the seeded React quiz (the seeds give it no team).
  for (const email of [teacherEmail, importerEmail]) await putOnTeam(own.db, "quiz", "react", email);
  // Quinn teaches the React course too, where the quiz's Watch Now leads: its numbers list the quiz's takers.
  await putOnTeam(own.db, "course", "react", teacherEmail);
});

const file = (name: string, text: string) => {
  const path = join(own.folder, name);
  writeFileSync(path, text);
  return path;
};

async function questionCount() {
  return (await own.db.selectFrom("quiz_questions").select("id").where("quiz_slug", "=", "react").execute()).length;
}

async function importFile(page: Page, path: string, format: "GIFT (Moodle)" | "CSV") {
  const main = page.getByRole("main");
  await main.getByLabel("File of questions").setInputFiles(path);
  await main.getByLabel("Format").selectOption({ label: format });
  await main.getByRole("button", { name: "Import" }).click();
}

test("an edited question leaves an older attempt's review as the learner saw it", async ({ browser }) => {
  // A learner's attempt at the React quiz, every answer the first option.
  const learner = await own.signedIn(browser, `quiz-learner-${Date.now()}@example.com`, "Lena Learner");
  const learnerMain = learner.page.getByRole("main");
  await open(learner.page, "/test/react");
  for (const [index, question] of react.entries()) {
    await expect(learnerMain.getByRole("heading", { name: question.question })).toBeVisible();
    await learnerMain.getByRole("radio", { name: question.options[0]!, exact: true }).check();
    await learnerMain.getByRole("button", { name: index === react.length - 1 ? "Finish" : "Next" }).click();
  }
  await learnerMain.getByRole("link", { name: "Review your answers" }).click();
  await expect(learner.page).toHaveURL(/\/test\/react\/attempts\//);
  const reviewUrl = new URL(learner.page.url()).pathname;

  const teacher = await own.signedIn(browser, teacherEmail, "Quinn Teacher");
  const main = teacher.page.getByRole("main");
  await open(teacher.page, "/staff/quizzes/react");
  const first = main.getByRole("form", { name: "Question 1", exact: true });
  await expect(first.getByRole("textbox", { name: "Question 1", exact: true })).toHaveValue(react[0]!.question);

  // The rules are the server's: one option only is refused, with the typed text kept.
  await first
    .getByRole("textbox", { name: "Question 1", exact: true })
    .fill("After setCount(c => c + 1) three times in one click, what is count?");
  for (let n = 2; n <= 6; n++) await first.getByLabel(`Option ${n}`, { exact: true }).fill("");
  await first.getByRole("button", { name: "Save the question" }).click();
  const refused = main.getByRole("form", { name: "Question 1", exact: true });
  await expect(refused.getByRole("alert")).toContainText("A question has 2 to 6 options; this one has 1.");
  await expect(refused.getByRole("textbox", { name: "Question 1", exact: true })).toHaveValue(
    "After setCount(c => c + 1) three times in one click, what is count?",
  );

  await refused.getByLabel("Option 2", { exact: true }).fill("3");
  await refused.getByLabel("Option 3", { exact: true }).fill("6");
  await refused.getByLabel("Option 2 is the right answer").check();
  await refused.getByRole("button", { name: "Save the question" }).click();
  await expect(main.getByRole("status")).toContainText("The question was saved.");
  expect(await seriousViolations(teacher.page)).toEqual([]);
  // The settings' Save, far down a page that opens at its top again: the focus moves to the message, in sight.
  const title = main.getByRole("textbox", { name: "Title" });
  await title.fill("React");
  await main.getByRole("button", { name: "Save the settings" }).click();
  const saved = main.getByRole("status");
  await expect(saved).toContainText("saved");
  await expect(saved).toBeFocused();
  await expect(saved).toBeInViewport();

  // Students see the new question at once; the older attempt's review still shows the old one.
  await open(learner.page, "/test/react");
  await expect(
    learnerMain.getByRole("heading", { name: "After setCount(c => c + 1) three times in one click, what is count?" }),
  ).toBeVisible();
  await open(learner.page, reviewUrl);
  const firstReviewed = learnerMain.getByRole("list", { name: "Your answers" }).getByRole("listitem").first();
  await expect(firstReviewed).toContainText(react[0]!.question);
  await expect(firstReviewed).toContainText(`Right answer${react[0]!.answer}`);
  await learner.context.close();

  // The results question by question: the rewritten question waits for answers, the old text keeps the learner's.
  await open(teacher.page, "/staff/quizzes/react");
  await main.getByRole("link", { name: "Results question by question" }).click();
  await expect(teacher.page.getByRole("heading", { level: 1, name: "Results: React quiz" })).toBeVisible();
  await expect(main.getByRole("article", { name: "1. After setCount(c => c + 1) three times in one click, what is count?" })).toContainText(
    "Not asked in any finished attempt yet.",
  );
  const earlier = main.getByRole("region", { name: "Questions since changed or removed" });
  const old = earlier.getByRole("article", { name: react[0]!.question });
  await expect(old).toContainText("Asked in 1 attempt:");
  await expect(old.getByRole("row", { name: new RegExp(`^${escapeRegExp(react[0]!.options[0]!)}`) })).toContainText("1100%");
  expect(await seriousViolations(teacher.page)).toEqual([]);

  // Each student's results in the course, sorted by keyboard.
  await open(teacher.page, "/staff/courses/react/stats");
  const students = main.getByRole("region", { name: "Students" });
  await expect(students.getByRole("row", { name: /Lena Learner/ })).toContainText("1");
  await students.getByRole("link", { name: /^Best score/ }).focus();
  await teacher.page.keyboard.press("Enter");
  await expect(students.getByRole("columnheader", { name: /Best score/ })).toHaveAttribute("aria-sort", "descending");
  expect(await seriousViolations(teacher.page)).toEqual([]);
  await teacher.context.close();
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("questions are imported from GIFT and CSV; a file with problems lists each with its line, and the teacher imports the others or nothing", async ({
  browser,
}) => {
  const { context, page } = await own.signedIn(browser, importerEmail, "Ivan Importer");
  const main = page.getByRole("main");
  await open(page, "/staff/quizzes/react");
  const before = await questionCount();

  // Moodle's own examples: every kind of question, 18 a quiz here holds.
  await importFile(page, join(import.meta.dirname, "../fixtures/gift/moodle-examples.gift.txt"), "GIFT (Moodle)");
  const problems = main.getByRole("alert");
  await expect(problems).toContainText("Nothing was imported yet: 18 of the file's 43 questions can be imported; the 25 below cannot.");
  await expect(problems.getByRole("listitem")).toHaveCount(25);
  await expect(problems).toContainText("Line 55: it is a matching question");
  expect(await seriousViolations(page)).toEqual([]);
  expect(await questionCount()).toBe(before);
  await main.getByRole("button", { name: "Import the 18 questions that can be (25 left out)" }).click();
  await expect(main.getByRole("status")).toContainText(
    "18 questions were imported and added at the end. 25 of the file's questions were left out.",
  );
  await expect(main.getByRole("textbox", { name: `Question ${before + 2}`, exact: true })).toHaveValue("Grant is _____ in Grant's tomb.");
  expect(await questionCount()).toBe(before + 18);

  await importFile(
    page,
    file("good.gift", "// two questions\n::hooks:: Which hook keeps state? {=useState ~useEffect ~useRef}\n\nHooks run in classes. {F}\n"),
    "GIFT (Moodle)",
  );
  await expect(main.getByRole("status")).toContainText("2 questions were imported and added at the end.");
  await expect(main.getByRole("textbox", { name: `Question ${before + 20}`, exact: true })).toHaveValue("Hooks run in classes.");

  // A file none of whose questions can be imported adds nothing and offers nothing.
  await importFile(page, file("bad.csv", "question,option1,option2,answer\nNo answer given?,a,b,c\n"), "CSV");
  await expect(main.getByRole("alert")).toContainText("Line 2: Exactly one option must be the right answer.");
  await expect(main.getByRole("button", { name: /^Import the/ })).toHaveCount(0);
  expect(await questionCount()).toBe(before + 20);

  await importFile(
    page,
    file("good.csv", 'question,option1,option2,option3,answer\n"Which renders a list, keyed?",map with key,forEach,for...in,1\n'),
    "CSV",
  );
  await expect(main.getByRole("status")).toContainText("1 question was imported");
  expect(await questionCount()).toBe(before + 21);

  // The export reads back as the quiz's questions.
  const download = page.waitForEvent("download");
  await main.getByRole("link", { name: "Export to GIFT" }).click();
  const gift = readFileSync((await (await download).path())!, "utf8");
  expect(gift).toMatch(/^::react-[0-9a-f]+::\[plain\]Which hook keeps state\?\{$/m);
  expect(gift).toContain("\t=[plain]map with key");
  expect((gift.match(/^::/gm) ?? []).length).toBe(before + 21);
  await context.close();
});

test("a question written in Markdown shows its formatting in the preview, safe and accessible", async ({ browser }) => {
  const writerEmail = `quiz-writer-${Date.now()}@example.com`;
  await assignRole(own.db, writerEmail, "teacher");
  const { context, page } = await own.signedIn(browser, writerEmail, "Wanda Writer");
  const main = page.getByRole("main");
  await open(page, "/staff/quizzes");
  await main.getByLabel("Title").fill("Formatted");
  await main.getByLabel("Address").fill("formatted");
  await main.getByLabel("Course for Watch Now").selectOption("/courses/java");
  await main.getByRole("button", { name: "Create the quiz" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Formatted/ })).toBeVisible();

  const form = main.getByRole("form", { name: "A new question" });
  await form
    .getByRole("textbox", { name: "A new question" })
    .fill("Which keyword makes a **constant**?\n\n```java\nfinal int MAX = 3;\n```\n\n<script>alert(1)</script>");
  await form.getByLabel("Written as").selectOption("Markdown");
  await form.getByLabel("Option 1", { exact: true }).fill("final");
  await form.getByLabel("Option 2", { exact: true }).fill("const");
  await form.getByLabel("Option 1 is the right answer").check();
  await form.getByRole("button", { name: "Add the question" }).click();
  await expect(main.getByRole("status")).toContainText("The question was saved");
  await expect(main.getByLabel("Written as").first()).toHaveValue("markdown");
  // The only question can go neither up nor down: its buttons say so and keep the keyboard's focus.
  for (const direction of ["up", "down"]) {
    const move = main.getByRole("button", { name: `Move question 1 ${direction}` });
    await expect(move).toHaveAttribute("aria-disabled", "true");
    await move.focus();
    await page.keyboard.press("Enter");
    await expect(move).toBeFocused();
  }

  await open(page, "/staff/quizzes/formatted/preview");
  const heading = main.getByRole("heading", { level: 2, name: "Which keyword makes a constant?" });
  await expect(heading).toBeVisible();
  await expect(heading.locator("strong")).toHaveText("constant");
  await expect(main.locator(".question-text pre code")).toContainText("final int MAX = 3;");
  expect(await main.locator("script").count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await main.getByRole("radio", { name: "final" }).check();
  await main.getByRole("button", { name: "Finish" }).click();
  await expect(main.getByRole("status")).toContainText("Score: 1 out of 1");
  await context.close();
});

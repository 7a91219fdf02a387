import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { newContext, test } from "./test.ts";
import { seriousViolations } from "./page-checks.ts";
import { questionsByQuiz } from "#app/content/seeds/quiz-questions/index.server.ts";
import { quizzes } from "#app/content/seeds/quizzes.ts";
import { open, reload } from "./open.ts";
import { register } from "./register.ts";
import { verifyOffline, type OpenBadge } from "../setup/open-badges.ts";

const main = (page: Page) => page.getByRole("main");
/** The 'Well done!' alert; hidden ones are not in the accessibility tree, so found by attribute. */
const wellDone = (page: Page) => main(page).locator('[role="alert"]', { hasText: "Well done!" });

/**
 * Waits until the page has put its result in its history entry (a navigation that replaces the
 * entry, after the result shows): from then on a reload or Back shows the result again.
 */
const resultKeptInHistory = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => (window.history.state as { usr?: { quizResult?: unknown } } | null)?.usr?.quizResult !== undefined))
    .toBe(true);

/** Answers the questions `from` to before `to` (all by default), choosing `pick(question)` (or nothing), with Next/Finish. */
async function playQuiz(
  page: Page,
  slug: string,
  pick: (answer: string, index: number) => string | null,
  { from = 0, to = questionsByQuiz[slug]!.length } = {},
) {
  const questions = questionsByQuiz[slug]!;
  for (const [index, question] of questions.entries()) {
    if (index < from || index >= to) continue;
    await expect(main(page).getByText(`Question ${index + 1} of ${questions.length}`)).toBeVisible();
    await expect(main(page).getByRole("heading", { name: question.question })).toBeVisible();
    const choice = pick(question.answer, index);
    if (choice !== null) await main(page).getByRole("radio", { name: choice, exact: true }).check();
    await main(page)
      .getByRole("button", { name: index === questions.length - 1 ? "Finish" : "Next" })
      .click();
  }
}

for (const quiz of quizzes) {
  const total = quiz.questionCount;

  test(`${quiz.title} quiz from the hub's link ${quiz.hubHref}: all right is 100%, Watch Now, Try Again`, async ({ page }) => {
    await open(page, quiz.hubHref);
    await playQuiz(page, quiz.slug, (answer) => answer);
    await expect(main(page).getByTestId("quiz-score")).toHaveText(`You scored ${total} out of ${total}: 100%`);
    await expect(wellDone(page)).toBeVisible();
    await expect(wellDone(page).getByRole("link", { name: "Watch Now" })).toHaveAttribute("href", quiz.coursePath);

    await main(page).getByRole("link", { name: "Try Again" }).click();
    await expect(main(page).getByText(`Question 1 of ${total}`)).toBeVisible();
    await expect(main(page).getByRole("radio", { checked: true })).toHaveCount(0);
  });

  test(`${quiz.title} quiz with no answer chosen is 0%`, async ({ page }) => {
    await open(page, `/test/${quiz.slug}`);
    await playQuiz(page, quiz.slug, () => null);
    await expect(main(page).getByTestId("quiz-score")).toHaveText(`You scored 0 out of ${total}: 0%`);
  });
}

test("choosing highlights the option; the 'Well done!' alert waits 3 s and closes", async ({ page }) => {
  // The page's timers run on a clock the test moves: the 3 s are exact, not raced.
  await page.clock.install();
  await open(page, "/test/react");
  const questions = questionsByQuiz.react!;
  const label = (text: string) =>
    main(page)
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: text, exact: true }) });
  const option = label(questions[0]!.options[1]!);
  const other = label(questions[0]!.options[2]!);
  const brand50 = "rgb(236, 254, 255)";
  await expect(option).not.toHaveCSS("background-color", brand50);
  await option.click();
  await expect(option).toHaveCSS("background-color", brand50);
  await expect(other).not.toHaveCSS("background-color", brand50);
  await playQuiz(page, "react", (answer, index) => (index === 0 ? questions[0]!.options[1]! : answer));

  await expect(main(page).getByTestId("quiz-score")).toBeVisible();
  await page.clock.runFor(2900);
  await expect(wellDone(page)).toBeHidden();
  await page.clock.runFor(100);
  await expect(wellDone(page)).toBeVisible();
  await wellDone(page).getByRole("button", { name: "Close" }).click();
  await expect(wellDone(page)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each Next is a form post and the result comes from the server", async ({ page }) => {
    await page.goto("/test/React");
    await playQuiz(page, "react", (answer) => answer);
    await expect(page).toHaveURL(/\/test\/React$/);
    await expect(main(page).getByTestId("quiz-score")).toHaveText("You scored 10 out of 10: 100%");
    await expect(wellDone(page)).toBeVisible();
    await expect(wellDone(page).getByRole("button", { name: "Close" })).toHaveCount(0);
  });
});

test("a signed-in learner's quiz goes on after a reload and another page, and Back from the review shows the result", async ({ page }) => {
  await register(page, `place-${Date.now()}@example.com`);
  const questions = questionsByQuiz.javascript!;
  const wrong = questions[1]!.options.find((option) => option !== questions[1]!.answer)!;
  const pick = (answer: string, index: number) => (index === 1 ? wrong : answer);
  await open(page, "/test/javascript");
  // Each Next keeps the place on the server, in the background: the fourth one's answer means question 5 is kept.
  const placeKept = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      response.url().includes("/test/javascript") &&
      (response.request().postData() ?? "").includes(questions[3]!.id),
  );
  await playQuiz(page, "javascript", pick, { to: 4 });
  await placeKept;

  await reload(page);
  await expect(main(page).getByText("Question 5 of 15")).toBeVisible();
  await open(page, "/courses");
  await page.goBack();
  await expect(main(page).getByText("Question 5 of 15")).toBeVisible();
  await playQuiz(page, "javascript", pick, { from: 4 });
  await expect(main(page).getByTestId("quiz-score")).toHaveText("You scored 14 out of 15: 93.33%");
  await resultKeptInHistory(page);

  await main(page).getByRole("link", { name: "Review your answers" }).click();
  const second = main(page).getByRole("list", { name: "Your answers" }).getByRole("listitem").nth(1);
  await expect(second).toContainText(`Your choice${wrong}`);
  await expect(second).toContainText(`Why${questions[1]!.explanation}`);
  await page.goBack();
  await expect(main(page).getByTestId("quiz-score")).toHaveText("You scored 14 out of 15: 93.33%");
  // A new attempt starts at question 1.
  await main(page).getByRole("link", { name: "Try Again" }).click();
  await expect(main(page).getByText("Question 1 of 15")).toBeVisible();
});

test("a visitor's quiz goes on after a reload, kept in the browser, until finished", async ({ page }) => {
  await open(page, "/test/react");
  await playQuiz(page, "react", (answer) => answer, { to: 3 });
  await reload(page);
  await expect(main(page).getByText("Question 4 of 10")).toBeVisible();
  await playQuiz(page, "react", (answer) => answer, { from: 3 });
  await expect(main(page).getByTestId("quiz-score")).toHaveText("You scored 10 out of 10: 100%");
  // The result stays with its page; the next attempt starts at question 1, the place forgotten.
  await resultKeptInHistory(page);
  await reload(page);
  await expect(main(page).getByTestId("quiz-score")).toHaveText("You scored 10 out of 10: 100%");
  await main(page).getByRole("link", { name: "Try Again" }).click();
  await expect(main(page).getByText("Question 1 of 10")).toBeVisible();
  await reload(page);
  await expect(main(page).getByText("Question 1 of 10")).toBeVisible();
});

test("finishing the HTML course earns a certificate on the profile, which a signed-out visitor can check", async ({
  page,
  browser,
  baseURL,
}) => {
  await register(page, `certificate-${Date.now()}@example.com`, "Divya Natarajan");
  await open(page, "/courses/fullstack/html");
  await main(page).getByRole("button", { name: "Mark as finished" }).click();
  await expect(main(page).getByText("You have finished this lesson.")).toBeVisible();
  // The course's certificate asks for the full-stack quiz, passed at 60 %.
  await open(page, "/test/fullstack");
  await playQuiz(page, "fullstack", (answer) => answer);
  await expect(main(page).getByTestId("quiz-score")).toHaveText("You scored 15 out of 15: 100%");

  await open(page, "/profile");
  const certificates = main(page).getByRole("region", { name: "Certificates" });
  await certificates.getByRole("link", { name: "HTML" }).click();
  await expect(page).toHaveURL(/\/certificates\/[a-z2-7]{32}$/);
  await expect(main(page).getByRole("heading", { level: 2, name: "Divya Natarajan" })).toBeVisible();
  await expect(main(page).getByRole("status")).toHaveText("Valid certificate");
  expect(await seriousViolations(page)).toEqual([]);
  // Its holder takes it as an Open Badge too, signed with the key the site made for itself and publishes.
  const download = page.waitForEvent("download");
  await main(page).getByRole("link", { name: "Download the Open Badge" }).click();
  const badge = JSON.parse(await readFile((await (await download).path())!, "utf8")) as OpenBadge;
  expect(await verifyOffline(badge)).toMatchObject({ verified: true });
  expect(badge.issuer.id).toBe(((await (await page.request.get("/credentials/issuer.json")).json()) as { id: string }).id);

  const visitor = await newContext(browser, { baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(page.url());
  await expect(visitorPage.getByRole("main")).toContainText("has completed the course HTML");
  await expect(visitorPage.getByRole("main").getByRole("status")).toHaveText("Valid certificate");
  const pdfLink = visitorPage.getByRole("link", { name: "Download the PDF" });
  const pdf = await visitorPage.request.get((await pdfLink.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await visitor.close();
});

test("a signed-in attempt can be reviewed and shows in the profile", async ({ page }) => {
  await register(page, `quiz-${Date.now()}@example.com`);
  await expect(main(page).getByText("No quiz taken yet.")).toBeVisible();

  const questions = questionsByQuiz.javascript!;
  const wrong = questions[2]!.options.find((option) => option !== questions[2]!.answer)!;
  await open(page, "/test/Javascript");
  await playQuiz(page, "javascript", (answer, index) => (index === 2 ? wrong : answer));
  await expect(main(page).getByTestId("quiz-score")).toHaveText("You scored 14 out of 15: 93.33%");

  await main(page).getByRole("link", { name: "Review your answers" }).click();
  const third = main(page).getByRole("list", { name: "Your answers" }).getByRole("listitem").nth(2);
  await expect(third).toContainText(`Your choice${wrong}`);
  await expect(third).toContainText(`Right answer${questions[2]!.answer}`);
  await expect(third).toContainText("Not correct");

  await open(page, "/profile");
  const status = main(page).getByRole("region", { name: /Best quiz scores/ });
  await expect(status.getByRole("progressbar", { name: "JavaScript quiz: 93.33%" })).toBeVisible();
});

test("a signed-in learner's place in a lesson survives a reload; speed and finishing work", async ({ page }) => {
  await register(page, `lesson-${Date.now()}@example.com`);
  await open(page, "/courses/java");
  const video = main(page).locator("video");
  await expect(video).toHaveAttribute("preload", "none");

  await main(page).getByLabel("Playback speed").selectOption("1.5");
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(4);
  const saved = page.waitForResponse((response) => response.url().endsWith("/progress") && response.status() === 204);
  const stoppedAt = await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    return Math.floor(v.currentTime);
  });
  await saved;

  await reload(page);
  await expect(main(page).getByText(`Resumes at 0:0${stoppedAt}`)).toBeVisible();
  const resumedAt = await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    v.pause();
    return v.currentTime;
  });
  expect(resumedAt).toBeGreaterThanOrEqual(stoppedAt);

  await main(page).getByRole("button", { name: "Mark as finished" }).click();
  await expect(main(page).getByText("You have finished this lesson.")).toBeVisible();
  await expect(main(page).getByRole("heading", { name: /32 lessons \(1 finished\)/ })).toBeVisible();
});

test("a learner who started a course rates it by keyboard under its lessons, and changes the rating there", async ({ page }) => {
  await register(page, `rating-${Date.now()}@example.com`);
  await open(page, "/courses/mern/express");
  // Not started yet: nothing to rate.
  await expect(main(page).getByRole("heading", { name: "Your rating" })).toHaveCount(0);
  await main(page).getByRole("button", { name: "Mark as finished" }).click();
  await expect(main(page).getByText("You have finished this lesson.")).toBeVisible();

  const stars = main(page).getByRole("group", { name: /How good is this course for you\?/ });
  await stars.getByRole("radio", { name: "4 stars" }).focus();
  await page.keyboard.press("Space");
  await expect(stars.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(main(page).getByRole("button", { name: "Save my rating" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(main(page).getByText(/You rated .+ 4 out of 5\./)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await stars.getByRole("radio", { name: "2 stars" }).check();
  await main(page).getByRole("button", { name: "Save my rating" }).click();
  await expect(main(page).getByText(/You rated .+ 2 out of 5\./)).toBeVisible();
  await reload(page);
  await expect(stars.getByRole("radio", { name: "2 stars" })).toBeChecked();
});

test("a signed-in learner's pages, filled in from the kept ones, hydrate as served and act as the learner's", async ({ page }) => {
  await register(page, `filled-${Date.now()}@example.com`, "Filled Learner");
  // Anything React says about the page it hydrated (a mismatch is a recoverable error in production).
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  const response = await open(page, "/courses/mern/react?lesson=1");
  expect(response?.headers()["x-page-cache"]).toBe("filled");
  const account = page.getByRole("banner").getByRole("link", { name: "Filled Learner" });
  await expect(account).toBeVisible();
  await main(page).getByRole("button", { name: "Mark as finished" }).click();
  await expect(main(page).getByText("You have finished this lesson.")).toBeVisible();
  await expect(main(page).getByRole("heading", { name: /22 lessons \(1 finished\)/ })).toBeVisible();
  // After a navigation, the page is the loaders' again, still this learner's.
  await page.getByRole("banner").getByRole("link", { name: "eLEARNING" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(account).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Join Now" })).toBeVisible();
  expect(problems).toEqual([]);
});

test("from a listing to a course and through its lessons without a page load", async ({ page }) => {
  await open(page, "/courses/mern");
  await main(page)
    .getByRole("link", { name: /Join Now/ })
    .first()
    .click();
  await expect(main(page).getByText("Lesson 1 of 22")).toBeVisible();
  await expect(main(page).locator("video")).toHaveAttribute("src", "/media/react/01.mp4");

  await main(page).getByRole("link", { name: "Next lesson" }).click();
  await expect(main(page).getByText("Lesson 2 of 22")).toBeVisible();
  await expect(main(page).getByText("This lesson's video is not available yet.")).toBeVisible();
  await expect(main(page).locator("video")).toHaveCount(0);
  await expect(main(page).getByRole("listitem").filter({ hasText: "Now showing" })).toContainText("Lesson 2");
});

test("a lesson without a video teaches by its notes, and the learner marks it finished once read", async ({ page }) => {
  await register(page, `reader-${Date.now()}@example.com`);
  await open(page, "/courses/java?lesson=3");
  await expect(main(page).locator("video")).toHaveCount(0);
  const notes = main(page).getByRole("region", { name: "Lesson notes" });
  await expect(notes.getByRole("heading", { level: 3 }).first()).toBeVisible();
  // Highlighted on the server: the colours are classes in the page, no highlighter runs here.
  await expect(notes.locator("pre code.hljs.language-java").first()).toBeVisible();
  expect(await notes.locator("pre code span[class^='hljs-']").count()).toBeGreaterThan(0);
  await main(page).getByRole("button", { name: "Mark as finished" }).click();
  await expect(main(page).getByText("You have finished this lesson.")).toBeVisible();
  await expect(main(page).getByRole("heading", { name: /32 lessons \(1 finished\)/ })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a lesson's notes are on its page, with the video's and without one", async ({ page }) => {
    for (const path of ["/courses/java?lesson=1", "/courses/dsa?lesson=4"]) {
      await page.goto(path);
      const notes = main(page).getByRole("region", { name: "Lesson notes" });
      await expect(notes.getByRole("heading", { level: 3 }).first()).toBeVisible();
      await expect(notes.getByRole("heading", { name: "Summary" })).toBeVisible();
    }
  });
});

test("the player works from the keyboard and loads no video before it is asked to", async ({ page }) => {
  const videoRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/media/")) videoRequests.push(request.url());
  });
  await open(page, "/courses/fullstack/html");
  const video = main(page).locator("video");
  await expect(video).toHaveAttribute("poster", /^\/images\/courses\/html.svg\?v=[\w-]{10}$/);
  expect(videoRequests).toEqual([]);

  await video.focus();
  await page.keyboard.press("Space");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  expect(videoRequests.some((url) => url.endsWith("/media/html/01.mp4"))).toBe(true);
  await page.keyboard.press("Space");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  // The English captions track is there to switch on.
  expect(await video.evaluate((v: HTMLVideoElement) => [...v.textTracks].map((t) => `${t.kind}:${t.language}:${t.label}`))).toEqual([
    "captions:en:English",
  ]);
});

test("a lesson watched to the end is marked finished and starts from the beginning next time", async ({ page }) => {
  await register(page, `ended-${Date.now()}@example.com`);
  await open(page, "/courses/fullstack/css");
  const video = main(page).locator("video");
  // Left at 0:15 first, so the page opens with a position to resume.
  const saved = page.waitForResponse((response) => response.url().endsWith("/progress") && response.status() === 204);
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    v.currentTime = 15;
    v.pause();
  });
  await saved;
  await reload(page);
  await expect(main(page).getByText("Resumes at 0:15")).toBeVisible();

  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.playbackRate = 16; // the rest of the 35 s sample in about a second
    return v.play();
  });
  await expect(main(page).getByText("You have finished this lesson.")).toBeVisible();
  await expect(main(page).getByRole("heading", { name: /1 lesson \(1 finished\)/ })).toBeVisible();
  // The stored position was reset: the note goes without a reload.
  await expect(main(page).getByText(/Resumes at/)).toHaveCount(0);

  await page.reload();
  await expect(main(page).getByText("You have finished this lesson.")).toBeVisible();
  await expect(main(page).getByText(/Resumes at/)).toHaveCount(0);
  await expect(main(page).locator("video")).toHaveAttribute("src", "/media/css/01.mp4");
});

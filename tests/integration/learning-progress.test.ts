import { describe, expect, it } from "vitest";
import { questionsByQuiz } from "#app/content/seeds/quiz-questions/index.server.ts";
import { reachCallback, registeredBrowser } from "../setup/accounts.ts";
import { engines } from "../setup/databases.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { siteForTests } from "../setup/server.ts";
import { responseText, routeData, visibleText } from "../setup/html.ts";

const react = questionsByQuiz.react!;
/** Option indexes of the right answers. */
const rightChoices = (questions: typeof react) => questions.map((q) => String(q.options.indexOf(q.answer)));
/** A whole answer sheet, as the last Next posts it. */
const sheet = (choices: string[], questions = react): Record<string, string> => ({
  current: questions.at(-1)!.id,
  ...Object.fromEntries(questions.map((q, i) => [`q.${q.id}`, choices[i] ?? ""])),
});
describe.each(engines)("learning progress on %s", (engine) => {
  const site = siteForTests({ TRUST_PROXY: "1" }, engine);

  const progressRows = () => site.db.selectFrom("lesson_progress").selectAll().execute();
  const attemptRows = () => site.db.selectFrom("quiz_attempts").selectAll().execute();

  describe("lesson progress", () => {
    it("keeps a signed-in learner's position and reopens the course there", async () => {
      const { browser } = await registeredBrowser(site.server.url);
      const saved = await browser.postForm("/progress", { course: "java", lesson: "1", position: "12.7" });
      expect(saved.status).toBe(204);
      const html = await (await browser.request("/courses/java")).text();
      expect(html).toContain('src="/media/java/01.mp4#t=12"');
      expect(html).toContain("Resumes at <!-- -->0:12");
    });

    it("marks a lesson finished for good, to start from the beginning next time", async () => {
      const { browser } = await registeredBrowser(site.server.url);
      await browser.postForm("/progress", { course: "dsa", lesson: "4", position: "30" });
      // The form of the page, at an address spelt another way, comes back to that address.
      const marked = await browser.postForm("/progress", { course: "dsa", lesson: "4", finished: "true", return_to: "/Courses/DSA/" });
      expect(marked.status).toBe(303);
      expect(marked.headers.get("location")).toBe("/Courses/DSA/?lesson=4#player");
      // This learner's is the only DSA progress in this database.
      const dsaRows = async () => (await progressRows()).filter((r) => r.course_slug === "dsa");
      expect(await dsaRows()).toEqual([expect.objectContaining({ lesson_id: "dsa-04", position_seconds: 0 })]);
      await browser.postForm("/progress", { course: "dsa", lesson: "4", position: "5" });
      expect(await dsaRows()).toEqual([
        expect.objectContaining({ lesson_id: "dsa-04", position_seconds: 5, finished_at: expect.any(String) }),
      ]);
      const page = await responseText(await browser.request("/courses/dsa?lesson=4"));
      expect(page).toContain("You have finished this lesson.");
      expect(page).toContain("35 lessons (1 finished)");
    });

    it("shows each learner only their own progress, on the course page and the profile", async () => {
      const first = await registeredBrowser(site.server.url);
      await first.browser.postForm("/progress", { course: "express", lesson: "3", position: "42" });
      await first.browser.postForm("/progress", { course: "express", lesson: "2", finished: "true" });
      const second = await registeredBrowser(site.server.url);
      const course = await second.browser.request("/courses/mern/express");
      const html = await course.text();
      expect(html).not.toContain("Resumes at");
      expect(html).not.toContain("#t=42");
      expect(visibleText(html)).toContain("7 lessons");
      expect(visibleText(html)).not.toContain("1 finished");
      const profile = await responseText(await second.browser.request("/profile"));
      expect(profile).toContain("No lesson finished yet.");
      // The first learner still sees theirs.
      expect(await responseText(await first.browser.request("/profile"))).toContain("Express 14.29% (1 of 7 lessons)");
    });

    it("refuses visitors with 401 and stores nothing", async () => {
      const before = (await progressRows()).length;
      const response = await new TestBrowser(site.server.url).postForm("/progress", { course: "java", lesson: "1", position: "3" });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Sign in to keep your progress." });
      expect(await progressRows()).toHaveLength(before);
    });

    it.each([
      [{ course: "cobol", lesson: "1" }, "There is no such course."],
      [{ course: "java", lesson: "33" }, "Java Programming Course has lessons 1 to 32."],
      [{ course: "java", lesson: "0" }, "Java Programming Course has lessons 1 to 32."],
      [{ course: "java", lesson: "one" }, "The lesson must be a lesson number."],
      [{ course: "java" }, "Say which lesson this is about."],
      [{ course: "java", lesson: "1", position: "-4" }, "The position must be a number of seconds."],
      [{ course: "java", lesson: "1", position: "1e9" }, "The position must be a number of seconds."],
      [{ course: "java", lesson: "1", position: "999999" }, "The position is longer than any lesson."],
      [{ course: "java", lesson: "1", finished: "yes" }, "Finished can only be true."],
      [
        { course: "java", lesson: "1", finished: "true", return_to: "https://evil.example/" },
        "The page to return to is not this course's page.",
      ],
      [{ course: "java", lesson: "1", finished: "true", return_to: "/courses/dsa" }, "The page to return to is not this course's page."],
    ])("refuses %j with 400 (%s) and stores nothing", async (fields, message) => {
      const { browser } = await registeredBrowser(site.server.url);
      const before = (await progressRows()).length;
      const response = await browser.postForm("/progress", fields as Record<string, string>);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(message);
      expect(await progressRows()).toHaveLength(before);
    });

    it("sends a visitor's 'Mark as finished' form to sign in and back", async () => {
      const response = await new TestBrowser(site.server.url).postForm("/progress", {
        course: "java",
        lesson: "1",
        finished: "true",
        return_to: "/cources/programming/java",
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/signin?return_to=%2Fcources%2Fprogramming%2Fjava");
    });

    it("answers a GET with 405 and names POST", async () => {
      const response = await fetch(`${site.server.url}/progress`);
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    });

    it("refuses a cross-site report", async () => {
      const { browser } = await registeredBrowser(site.server.url);
      const before = (await progressRows()).length;
      const response = await browser.request("/progress", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
        body: new URLSearchParams({ course: "java", lesson: "1", finished: "true" }),
      });
      expect(response.status).toBe(403);
      expect(await progressRows()).toHaveLength(before);
    });
  });

  describe("quizzes", () => {
    it("never sends the answer key to the browser", async () => {
      const html = await (await fetch(`${site.server.url}/test/java`)).text();
      expect(html).toContain("Question <!-- -->1<!-- --> of <!-- -->20");
      // The decoded data, not the page's text: inside the data script a leaked key reads \"answer\".
      const page = (await routeData(site.server.url, "/test/java", "routes/quizzes/quiz")) as { questions: object[] };
      expect(page.questions).toHaveLength(20);
      for (const question of page.questions) {
        expect(Object.keys(question).sort()).toEqual(expect.arrayContaining(["id", "options", "question"]));
        expect(Object.keys(question).every((key) => ["id", "question", "code", "options"].includes(key))).toBe(true);
      }
    });

    it("goes one question further with each Next when posted without JavaScript", async () => {
      const response = await new TestBrowser(site.server.url).postForm("/test/react", { current: "react-01", "q.react-01": "2" });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<input type="hidden" name="q.react-01" value="2"/>');
      expect(html).toContain('<input type="hidden" name="current" value="react-02"/>');
    });

    it("keeps a signed-in learner's place: a reload or another device goes on at the question reached, with the choices made", async () => {
      const { browser, email } = await registeredBrowser(site.server.url);
      const choices = ["1", "", "0", "2"];
      // Four Nexts: each posts the sheet so far, as the page does without JavaScript (and, to keep the place, with it).
      for (let step = 1; step <= choices.length; step++) {
        const answered = Object.fromEntries(react.slice(0, step).map((question, index) => [`q.${question.id}`, choices[index]!]));
        expect((await browser.postForm("/test/react", { current: react[step - 1]!.id, ...answered, "keep-place": "1" })).status).toBe(200);
      }
      // The page sends each Next at once; an earlier one arriving last (another worker, a slow
      // network) must not take the learner back.
      const late = Object.fromEntries(react.slice(0, 2).map((question, index) => [`q.${question.id}`, choices[index]!]));
      expect((await browser.postForm("/test/react", { current: react[1]!.id, ...late, "keep-place": "1" })).status).toBe(200);
      const atQuestion5 = (html: string) => {
        expect(visibleText(html)).toContain("Question 5 of 10");
        for (const [index, question] of react.slice(0, 4).entries()) {
          expect(html).toContain(`<input type="hidden" name="q.${question.id}" value="${choices[index]}"/>`);
        }
      };
      atQuestion5(await (await browser.request("/test/react")).text());

      const otherDevice = new TestBrowser(site.server.url, "203.0.113.250");
      const callback = await reachCallback(otherDevice, email, "/test/react");
      expect((await otherDevice.request(callback.pathname + callback.search)).status).toBe(302);
      atQuestion5(await (await otherDevice.request("/test/react")).text());
      // Everyone else starts at question 1.
      expect(visibleText(await (await fetch(`${site.server.url}/test/react`)).text())).toContain("Question 1 of 10");
      const { browser: someoneElse } = await registeredBrowser(site.server.url);
      expect(visibleText(await (await someoneElse.request("/test/react")).text())).toContain("Question 1 of 10");

      // Finishing scores the attempt and forgets the place: the next attempt starts at question 1.
      expect(await responseText(await otherDevice.postForm("/test/react", sheet(rightChoices(react))))).toContain(
        "You scored 10 out of 10",
      );
      expect(visibleText(await (await browser.request("/test/react")).text())).toContain("Question 1 of 10");
      expect(await site.db.selectFrom("quiz_progress").selectAll().execute()).toEqual([]);
    });

    it("scores a whole sheet on the server: all right is 100%, all blank 0%", async () => {
      const attemptsBefore = (await attemptRows()).length;
      const visitor = new TestBrowser(site.server.url);
      expect(await responseText(await visitor.postForm("/test/React", sheet(rightChoices(react))))).toContain(
        "You scored 10 out of 10: 100%",
      );
      expect(await responseText(await visitor.postForm("/test/react", sheet([])))).toContain("You scored 0 out of 10: 0%");
      const java = questionsByQuiz.fullstack!;
      const sevenRight = rightChoices(java).map((choice, i) => (i < 7 ? choice : ""));
      expect(await responseText(await visitor.postForm("/test/fullstack", sheet(sevenRight, java)))).toContain(
        "You scored 7 out of 15: 46.67%",
      );
      expect(await attemptRows()).toHaveLength(attemptsBefore); // visitors' attempts are not kept
    });

    it("stores a signed-in attempt, lets its owner review it, and shows it in the profile", async () => {
      const { browser } = await registeredBrowser(site.server.url);
      const emptyProfile = await responseText(await browser.request("/profile"));
      expect(emptyProfile).toContain("No quiz taken yet.");
      expect(emptyProfile).toContain("No lesson finished yet.");

      const choices = rightChoices(react).map((choice, i) => (i === 0 ? "" : choice));
      const result = await (await browser.postForm("/test/react", sheet(choices))).text();
      const reviewHref = /href="(\/test\/react\/attempts\/[\w-]+)"/.exec(result)![1]!;
      const review = await responseText(await browser.request(reviewHref));
      expect(review).toContain("9 out of 10 (90%)");
      expect(review).toContain(`1. ${react[0]!.question}`);
      // Each right answer with why it is right.
      expect(review).toContain(`Your choice No answer Right answer ${react[0]!.answer} Why ${react[0]!.explanation} Not correct`);
      expect(review).toContain(`Your choice ${react[1]!.answer} Right answer ${react[1]!.answer} Why ${react[1]!.explanation} Correct`);

      await browser.postForm("/progress", { course: "mongodb", lesson: "2", finished: "true" });
      const profile = await responseText(await browser.request("/profile"));
      expect(profile).toContain("React quiz 90% (best of 1)");
      expect(profile).toContain("MongoDB 6.67% (1 of 15 lessons)");

      const stranger = await registeredBrowser(site.server.url);
      expect((await stranger.browser.request(reviewHref)).status).toBe(404);
      expect((await new TestBrowser(site.server.url).request(reviewHref)).status).toBe(302);
    });

    it.each([
      ["an unknown question", { ...sheet(rightChoices(react)), "q.java-01": "0" }, "it names a question the quiz does not have (java-01)."],
      ["an option out of range", sheet(["4"]), "question 1 has no such option."],
      ["an option that is not a number", sheet(["B"]), "question 1 has no such option."],
      ["an option's text instead of its index", sheet([react[1]!.answer]), "question 1 has no such option."],
      ["a skipped question", (({ "q.react-03": _, ...rest }) => rest)(sheet([])), "it skips question 3."],
      ["no current question", (({ current: _, ...rest }) => rest)(sheet([])), "it does not say which question is being answered."],
      ["an unknown current question", { ...sheet([]), current: "react-11" }, "it does not say which question is being answered."],
      [
        "an answer ahead of its turn",
        { current: "react-01", "q.react-01": "1", "q.react-05": "1" },
        "it answers question 5 before its turn.",
      ],
    ])("refuses %s with 400 and records nothing", async (_name, fields, detail) => {
      const { browser } = await registeredBrowser(site.server.url);
      const before = (await attemptRows()).length;
      const response = await browser.postForm("/test/react", fields as Record<string, string>);
      expect(response.status).toBe(400);
      expect(await responseText(response)).toContain(
        `This answer sheet does not fit the React quiz: ${detail} Nothing was recorded; please start the quiz again.`,
      );
      expect(await attemptRows()).toHaveLength(before);
    });

    it("keeps at most 60 attempts per learner and hour; later ones are scored but not kept", async () => {
      const { browser } = await registeredBrowser(site.server.url);
      const before = (await attemptRows()).length;
      const statuses = [];
      for (let attempt = 0; attempt < 60; attempt++) statuses.push((await browser.postForm("/test/react", sheet([]))).status);
      expect(new Set(statuses)).toEqual(new Set([200]));
      const unkept = await responseText(await browser.postForm("/test/react", sheet(rightChoices(react))));
      expect(unkept).toContain("You scored 10 out of 10: 100%");
      expect(unkept).toContain("You have finished 60 quizzes in the last hour, which is as many as we keep: this attempt was not saved.");
      expect(unkept).not.toContain("Review your answers");
      expect(await attemptRows()).toHaveLength(before + 60);
    });

    it("refuses a question answered twice", async () => {
      const { browser } = await registeredBrowser(site.server.url);
      const before = (await attemptRows()).length;
      const body = new URLSearchParams(sheet(rightChoices(react)));
      body.append("q.react-02", "0");
      const response = await browser.request("/test/react", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      expect(response.status).toBe(400);
      expect(await responseText(response)).toContain("it answers question 2 twice.");
      expect(await attemptRows()).toHaveLength(before);
    });
  });
});

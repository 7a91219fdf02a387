import { connect } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { setDisabled } from "#app/features/staff/people-admin.server.ts";
import { registerIn } from "../setup/accounts.ts";
import { engines } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { startServer, startSite, type RunningServer, type RunningSite } from "../setup/server.ts";

// A signed-in person's page, where every route of it says how it differs from a visitor's, is the
// page kept for visitors with their parts filled in (server/page-cache/signed-in-pages.ts). Here
// it is compared with the same page rendered whole by a second site on the same database, with
// the page cache off; and people and visitors ask at once, each must get only their own.

/** The pages of every route that declares its personal parts, and the course page with and without a lesson asked for. */
const addresses = [
  "/",
  "/about",
  "/pages",
  "/team",
  "/testimonial",
  "/help",
  "/courses",
  "/courses/mern",
  "/courses/fullstack",
  "/cources/programming",
  "/test",
  "/test/java",
  "/courses/java",
  "/courses/java?lesson=2",
  "/courses/java?lesson=1",
  "/Courses/Java/",
];

/** The markup a person meets: the scripts out (the loaders' data is the kept page's, the person's comes beside it). */
const markup = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/ nonce="[^"]*"/g, "");

/** The person's data a filled-in page carries for its scripts. */
const personalData = (html: string) => {
  const json = /<script type="application\/json" id="personal-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
};

describe.each(engines)("signed-in pages from kept pages on %s", (engine) => {
  let site: RunningSite;
  /** The same database, every page rendered whole. */
  let wholePages: RunningServer;
  let handle: DatabaseHandle;
  let ann: TestBrowser;
  let bob: TestBrowser;
  let learners = 0;

  async function learner(name: string) {
    learners += 1;
    const browser = new TestBrowser(site.url, `198.51.100.${learners}`);
    await registerIn(browser, `${name.toLowerCase().replace(/\W/g, "-")}-${process.pid}@example.com`, name);
    return browser;
  }
  const cookieOf = (browser: TestBrowser) => browser.jar.headerFor(new URL(site.url))!;

  beforeAll(async () => {
    site = await startSite({ TRUST_PROXY: "1" }, engine);
    wholePages = await startServer({ ...site.database.env, TRUST_PROXY: "1", PAGE_CACHE_MB: "0" });
    handle = site.database.open();
    ann = await learner("Ann Example");
    bob = await learner("Bob <Sample>");
    // Ann finished lesson 2 of Java and stopped lesson 1 (which has a video) at 0:42: her course page opens there.
    expect((await ann.postForm("/progress", { course: "java", lesson: "2", finished: "true" })).status).toBe(204);
    expect((await ann.postForm("/progress", { course: "java", lesson: "1", position: "42" })).status).toBe(204);
    // And rated the course: her page shows her stars, checked in its form.
    expect((await ann.postForm("/ratings", { course: "java", stars: "4" })).status).toBe(204);
    // And reached question 3 of the Java quiz, choosing option 2, then none.
    expect((await ann.postForm("/test/java", { current: "java-02", "q.java-01": "2", "q.java-02": "" })).status).toBe(200);
  });
  afterAll(async () => {
    await handle?.close();
    await wholePages?.stop();
    await site?.stop();
  });

  it("fills in exactly what the page rendered whole shows the same person, on every page that says how", async () => {
    for (const browser of [ann, bob]) {
      for (const address of addresses) {
        // Twice: the first may render the kept page, the second finds it kept.
        for (const round of [1, 2]) {
          const filled = await browser.request(address);
          const whole = await fetch(wholePages.url + address, { headers: { cookie: cookieOf(browser) } });
          expect(filled.headers.get("x-page-cache"), `${address}, round ${round}`).toBe("filled");
          expect(whole.headers.get("x-page-cache")).toBeNull();
          const [filledHtml, wholeHtml] = [await filled.text(), await whole.text()];
          expect(markup(filledHtml), address).toBe(markup(wholeHtml));
        }
      }
    }
    const annCourse = await (await ann.request("/courses/java")).text();
    expect(visibleText(annCourse)).toContain("Lesson 1 of");
    expect(annCourse).toContain("#t=42");
    expect(visibleText(annCourse)).toContain("Resumes at 0:42");
    expect(visibleText(annCourse)).toContain("(1 finished)");
    expect(personalData(annCourse)).toEqual({
      account: { name: "Ann Example" },
      "course-progress": { signedIn: true, finished: [2], positions: { 1: 42 }, resumeLesson: 1, started: true, rating: 4 },
    });
    const annQuiz = await (await ann.request("/test/java")).text();
    expect(visibleText(annQuiz)).toContain("Question 3 of 20");
    expect(personalData(annQuiz)).toEqual({ account: { name: "Ann Example" }, "quiz-progress": { signedIn: true, answered: [2, null] } });
  });

  it("renders whole, for a signed-in person, the kept pages whose routes do not say how theirs differs", async () => {
    // The wall (a person's own posts) and the library (a reader's list) read the person in their loaders.
    for (const address of ["/feedback", "/library"]) {
      const visitorCopy = await fetch(site.url + address);
      await visitorCopy.text();
      const theirs = await ann.request(address);
      expect(theirs.headers.get("x-page-cache"), address).toBeNull();
      expect(visibleText(await theirs.text())).toContain("Ann Example");
    }
  });

  it("gives each of two people and a visitor asking at once only their own parts", async () => {
    const visitor = new TestBrowser(site.url, "198.51.100.200");
    const asks = Array.from({ length: 60 }, (_, index) => {
      const who = [ann, bob, visitor][index % 3]!;
      const address = ["/courses/java?lesson=2", "/", "/test/java"][Math.floor(index / 3) % 3]!;
      return { who, address };
    });
    const answers = await Promise.all(
      asks.map(async ({ who, address }) => {
        const response = await who.request(address);
        return { who, address, html: await response.text(), source: response.headers.get("x-page-cache") };
      }),
    );
    for (const { who, address, html, source } of answers) {
      const text = visibleText(html);
      const data = personalData(html);
      if (who === visitor) {
        expect(text, address).toContain("Join Now");
        expect(text).not.toMatch(/Ann Example|Bob <Sample>|Log out/);
        expect(data).toBeUndefined();
        if (address.startsWith("/courses")) expect(text).toContain("Sign in to keep your place");
        if (address.startsWith("/test")) expect(text).toContain("Question 1 of 20");
        continue;
      }
      const [own, other] = who === ann ? ["Ann Example", "Bob <Sample>"] : ["Bob <Sample>", "Ann Example"];
      expect(source, address).toBe("filled");
      expect(text).toContain(own);
      expect(text).toContain("Log out");
      expect(text).not.toContain(other);
      expect(text).not.toContain("Join Now");
      expect(data?.account).toEqual({ name: own });
      expect(JSON.stringify(data)).not.toContain(other);
      if (address.startsWith("/courses")) {
        expect(text).toContain(who === ann ? "You have finished this lesson." : "Mark as finished");
        expect(text).toContain(who === ann ? "(1 finished)" : "(0 finished)");
      }
      if (address.startsWith("/test")) expect(text).toContain(who === ann ? "Question 3 of 20" : "Question 1 of 20");
    }
    // The name is escaped where it is shown and in the data beside it.
    const bobs = answers.find((answer) => answer.who === bob)!.html;
    expect(bobs).not.toContain("Bob <Sample>");
    expect(personalData(bobs)?.account).toEqual({ name: "Bob <Sample>" });
  });

  it("writes each body whole while others are filled in, for a connection that does not read its answers for a while", async () => {
    // 400 answers (about 12 MB) asked at once on one connection and not read, more than the
    // connection's buffers in the kernel hold: the one being written when they are full waits in the server
    // (filled into a buffer used again once written) while Bob's pages are filled in.
    const url = new URL(site.url);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    socket.pause();
    const ask = `GET /courses/java?lesson=2 HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${cookieOf(ann)}\r\nAccept-Encoding: gzip\r\nX-Forwarded-For: 198.51.100.1\r\n\r\n`;
    const asked = 400;
    socket.write(ask.repeat(asked));
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        Array.from({ length: 10 }, async () =>
          expect(visibleText(await (await bob.request("/courses/java?lesson=2")).text())).toContain("Bob <Sample>"),
        ),
      );
    }
    const received: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    socket.resume();
    const heads: string[] = [];
    const bodies: string[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.on("error", reject);
      socket.on("data", () => {
        try {
          let all = Buffer.concat(received);
          for (;;) {
            const headEnd = all.indexOf("\r\n\r\n");
            if (headEnd < 0) break;
            const head = all.subarray(0, headEnd).toString("latin1");
            heads.push(head);
            const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
            if (all.length < headEnd + 4 + length) break;
            bodies.push(gunzipSync(all.subarray(headEnd + 4, headEnd + 4 + length)).toString("utf8"));
            all = all.subarray(headEnd + 4 + length);
          }
          received.splice(0, received.length, all);
          if (bodies.length === asked) resolve();
        } catch (err) {
          // A body that is not whole gzip: another answer was written into its buffer.
          reject(err as Error);
        }
      });
    });
    socket.destroy();
    expect(heads.every((head) => /x-page-cache: filled/i.test(head) && /content-encoding: gzip/i.test(head))).toBe(true);
    for (const body of bodies) {
      expect(visibleText(body)).toContain("Ann Example");
      expect(visibleText(body)).not.toContain("Bob <Sample>");
    }
  });

  it("shows a visitor's page on the next request after signing out or being disabled", async () => {
    const leaving = await learner("Leaving Learner");
    expect(visibleText(await (await leaving.request("/about")).text())).toContain("Leaving Learner");
    const signedOutCookie = cookieOf(leaving);
    expect((await leaving.postForm("/logout", {})).status).toBe(302);
    // The old cookie, sent again after the sign-out, finds no session.
    const afterSignOut = await fetch(`${site.url}/about`, { headers: { cookie: signedOutCookie } });
    expect(visibleText(await afterSignOut.text())).not.toContain("Leaving Learner");

    const disabled = await learner("Disabled Learner");
    expect(visibleText(await (await disabled.request("/test/java")).text())).toContain("Disabled Learner");
    const { sub } = await handle.db.selectFrom("people").select("sub").where("name", "=", "Disabled Learner").executeTakeFirstOrThrow();
    await setDisabled(handle.db, { sub: "an-administrator", name: "An administrator" }, sub, true);
    const afterDisabling = await disabled.request("/test/java");
    expect(afterDisabling.headers.get("x-page-cache")).not.toBe("filled");
    const text = visibleText(await afterDisabling.text());
    expect(text).not.toContain("Disabled Learner");
    expect(text).toContain("Join Now");
  });
});

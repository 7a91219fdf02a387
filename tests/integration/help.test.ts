import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { courseCatalogue } from "#app/features/courses/catalogue.server.ts";
import { contentDocuments } from "#app/features/help/content-documents.server.ts";
import { quizCatalogue } from "#app/features/quizzes/catalogue.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { engines } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { runServerExpectingExit, siteForTests } from "../setup/server.ts";

/** Rows in every table, to show that asking stores nothing. */
async function rowCounts(db: Kysely<Database>) {
  const tables = await db.introspection.getTables();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ count: number | string }>`select count(*) as count from ${sql.table(table.name)}`.execute(db);
    counts[table.name] = Number(rows[0]!.count);
  }
  return counts;
}

/** Runs `task` for every item, `limit` at a time: the server is asked in parallel, but not flooded. */
async function atMostAtOnce<T>(limit: number, items: T[], task: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}

/** The answers' links on a help page, in order. */
const answerLinks = (html: string) => {
  const list = /<ol class="space-y-4">([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, href, title]) => ({
    href: href!.replaceAll("&amp;", "&"),
    title,
  }));
};

describe.each(engines)("the help assistant on %s", (engine) => {
  const site = siteForTests({}, engine);
  const ask = (question: string) => fetch(`${site.server.url}/help?${new URLSearchParams({ q: question })}`);

  it("shows the question form, with common questions, before anything is asked", async () => {
    const response = await fetch(`${site.server.url}/help`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<form role="search"[^>]*action="\/help" method="get"/);
    expect(html).toMatch(/<label for="help-question"[^>]*>Your question<\/label>/);
    expect(html).toContain('href="/help?q=How+do+I+register%3F"');
    expect(visibleText(html)).not.toContain("Answers");
  });

  it("answers 'how do I register' with the registration help and its page", async () => {
    const response = await ask("how do I register");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(answerLinks(html)[0]).toEqual({ href: "/register", title: "How to register" });
    const text = visibleText(html);
    expect(text).toMatch(/\d answers? for “how do I register”:/);
    expect(text).toContain("fill in your name, phone, email and a password of at least 8 characters twice");
    // The question stays in the box, to change and ask again.
    expect(html).toMatch(/<input id="help-question"[^>]*value="how do I register"/);
  });

  // What the assistant says is checked against what the site does: the page it names opens and
  // does what the answer says, and nothing it says is denied by the site (or promised without it).
  describe("tells the truth about the site", () => {
    /** The first answer's link and its excerpt as shown. */
    const firstAnswer = async (question: string) => {
      const html = await (await ask(question)).text();
      const excerpt = /<ol class="space-y-4">\s*<li[\s\S]*?<\/li>/.exec(html)?.[0] ?? "";
      return { link: answerLinks(html)[0], excerpt: visibleText(excerpt) };
    };

    it("a forgotten password is reset on /forgot-password, which asks for the address to mail a link to", async () => {
      for (const question of ["how do I reset my password", "I forgot my password", "change password"]) {
        const { link, excerpt } = await firstAnswer(question);
        expect(link, question).toEqual({ href: "/forgot-password", title: "Forgotten password" });
        expect(excerpt).toContain("we mail you a link to choose a new one");
        expect(excerpt).not.toMatch(/cannot|no way|contact the office/i);
      }
      const page = visibleText(await (await fetch(`${site.server.url}/forgot-password`)).text());
      expect(page).toMatch(/email/i);
      expect(page).toMatch(/link/i);
    });

    it("registering means confirming from a mail, as the site does", async () => {
      for (const question of ["how to register", "how do I create an account", "sign up"]) {
        const { link, excerpt } = await firstAnswer(question);
        expect(link, question).toEqual({ href: "/register", title: "How to register" });
        expect(excerpt).toContain("confirm from the mail we send you");
      }
    });

    it("certificates: says how one is earned and where it is, as the site issues them", async () => {
      for (const question of ["certificate", "do I get a certificate", "course completion certificate", "open badge"]) {
        const { link, excerpt } = await firstAnswer(question);
        expect(link, question).toEqual({ href: "/profile", title: "Certificates" });
        expect(excerpt).toContain("finished every lesson of a course and passed the quiz its certificate asks for");
        expect(excerpt).toContain("appears in your profile");
      }
      // The Open Badge it also names is issued, with its published key (the badge itself: tests/integration/certificates.test.ts).
      expect((await fetch(`${site.server.url}/credentials/issuer.json`)).status).toBe(200);
      // The rule it states is the one the site applies (tests/integration/certificates.test.ts), at the seeded mark.
      const marks = await site.db.selectFrom("courses").select("certificate_pass_percent").distinct().execute();
      expect(marks.map((row) => row.certificate_pass_percent)).toEqual([60]);
      expect(visibleText(await (await fetch(`${site.server.url}/about`)).text())).toContain("earn a certificate of completion");
    });

    it("booking a mentor: where to find them, how to book and cancel, as the Mentorship pages do", async () => {
      for (const question of ["how do I book a mentor", "mentor office hours", "cancel my mentoring session"]) {
        const { link, excerpt } = await firstAnswer(question);
        expect(link, question).toEqual({ href: "/mentorship", title: "How to book a mentor" });
        expect(excerpt).toContain("Open Mentorship in the menu and choose a mentor");
      }
      // Mentorship is in the menu it names, and on the home page where the mission speaks of live mentorship.
      const home = await (await fetch(`${site.server.url}/`)).text();
      expect(home).toMatch(/<nav[\s\S]*<a[^>]*href="\/mentorship"[^>]*>Mentorship<\/a>[\s\S]*<\/nav>/);
      expect(home).toMatch(/<a[^>]*href="\/mentorship"[^>]*>Mission<\/a>/);
      expect(visibleText(home)).toContain("Book a mentor's office hours.");
      expect((await fetch(`${site.server.url}/mentorship`)).status).toBe(200);
    });
  });

  it("answers 'java quiz' with the Java quiz first, at most five answers", async () => {
    const links = answerLinks(await (await ask("java quiz")).text());
    expect(links[0]).toEqual({ href: "/test/java", title: "Java quiz" });
    expect(links.length).toBeGreaterThan(1);
    expect(links.length).toBeLessThanOrEqual(5);
  });

  it("answers with books of the college catalogue, linked to their search in the E-Library", async () => {
    const links = answerLinks(await (await ask("calculus made easy")).text());
    const book = links.find((link) => link.title?.startsWith("Calculus Made Easy"));
    expect(book?.href).toBe("/library?q=Calculus+Made+Easy");
    const library = visibleText(await (await fetch(`${site.server.url}${book!.href.replaceAll("&amp;", "&")}`)).text());
    expect(library).toContain("Calculus Made Easy");
    expect(library).toContain("Silvanus P. Thompson");
  });

  it("answers React Router's data requests (the dialog's) from the same loader", async () => {
    const response = await fetch(`${site.server.url}/help.data?q=java+quiz`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('"answered"');
    expect(body).toContain('"/test/java"');
  });

  it("says so when nothing matches, and offers the contact page", async () => {
    const response = await ask("xylophone repairs");
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Nothing on this site matches “xylophone repairs”.");
    expect(text).toContain("Try other words, or ask us: the contact page has our form, phone number and email.");
    expect(html).toMatch(/<a [^>]*href="\/contact"[^>]*>the contact page<\/a>/);
    expect(answerLinks(html)).toEqual([]);
  });

  describe("questions it cannot take", () => {
    it.each([
      ["201 characters", "x".repeat(201)],
      ["5,000 characters", "java ".repeat(1000)],
    ])("refuses a question of %s with 400, says why, and keeps its start in the box", async (_, question) => {
      const response = await ask(question);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(visibleText(html)).toContain(
        "Your question is too long. Please ask it in at most 200 characters, for example “How do I register?”.",
      );
      expect(html).toMatch(/<input id="help-question"[^>]*aria-invalid="true" aria-describedby="help-summary"/);
      expect(html).toContain(`value="${question.slice(0, 200)}"`);
      expect(answerLinks(html)).toEqual([]);
    });

    it("refuses an overlong question asked by the dialog's data request too", async () => {
      const response = await fetch(`${site.server.url}/help.data?q=${"x".repeat(201)}`);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Your question is too long.");
    });

    it.each([
      ["an empty question", ""],
      ["spaces and line breaks", "   \n\t "],
      ["only words that say how it is asked", "How do I …?"],
      ["control characters", "\u0007\u001b"],
    ])("asks politely for a question instead of %s", async (_, question) => {
      const response = await ask(question);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(visibleText(html)).toContain("Please type what you are looking for, for example “How do I register?” or “Java quiz”.");
      expect(answerLinks(html)).toEqual([]);
    });

    it("shows markup typed as a question as text", async () => {
      const html = await (await ask("<script>alert(1)</script> quiz")).text();
      expect(html).not.toContain("<script>alert(1)");
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; quiz");
    });

    it("takes the first question when the address has several", async () => {
      const html = await (await fetch(`${site.server.url}/help?q=java+quiz&q=register`)).text();
      expect(answerLinks(html)[0]?.href).toBe("/test/java");
    });

    it("stores nothing, whatever is asked", async () => {
      const before = await rowCounts(site.db);
      expect(Object.keys(before).length).toBeGreaterThan(10);
      for (const question of ["how do I register", "java quiz", "xylophone", "", "x".repeat(201), "\u0000"]) await ask(question);
      expect(await rowCounts(site.db)).toEqual(before);
    });
  });

  it("links every answer it can give to a page that opens", async () => {
    const learning = { courses: await courseCatalogue(site.db), quizzes: await quizCatalogue(site.db) };
    const hrefs = [...new Set(contentDocuments("built-in", learning).map((document) => document.href))];
    expect(hrefs.length).toBeGreaterThan(150);
    // Most answers are single lessons: a course page with ?lesson=N, which opens for N from 1 to the
    // number of lessons it shows and for no other N. So a course's lesson links are 1 to N, lesson N
    // opens and lesson N + 1 does not: each lesson link opens, without opening every lesson.
    const pages = new Map<string, number[]>();
    const lessonLinks = new Map<string, number[]>();
    for (const href of hrefs) {
      const url = new URL(href, site.server.url);
      const lesson = url.searchParams.get("lesson");
      // Sign-in starts at the provider, and the profile asks a visitor to sign in first.
      if (lesson === null) pages.set(href, href === "/signin" || href === "/profile" ? [302, 303] : [200]);
      else lessonLinks.set(url.pathname, [...(lessonLinks.get(url.pathname) ?? []), Number(lesson)]);
    }
    expect(lessonLinks.size).toBeGreaterThan(5);
    for (const [path, numbers] of lessonLinks) {
      expect(numbers, path).toEqual(numbers.map((_, index) => index + 1));
      pages.set(`${path}?lesson=${numbers.length}`, [200]);
      pages.set(`${path}?lesson=${numbers.length + 1}`, [404]);
    }
    await atMostAtOnce(4, [...pages], async ([href, expected]) => {
      const response = await fetch(`${site.server.url}${href}`, { redirect: "manual" });
      await response.arrayBuffer();
      expect(expected, href).toContain(response.status);
    });
  });

  it("shows 'Need help?' as a link to the help page on the library and contact pages, and loads no chatbot", async () => {
    for (const path of ["/library", "/contact"]) {
      const response = await fetch(`${site.server.url}${path}`);
      const html = await response.text();
      expect(html, path).toMatch(/<a href="\/help"[^>]*>Need help\?<\/a>/);
      expect(response.headers.get("content-security-policy"), path).not.toContain("frame-src");
    }
    const home = await (await fetch(`${site.server.url}/`)).text();
    expect(home).not.toContain("Need help?");
  });
});

describe("with an external chatbot configured", () => {
  const chatbot = {
    CHATBOT_SCRIPT_URL: "https://cdn.chat.example/webchat/inject.js",
    CHATBOT_CONFIG_URL: "http://127.0.0.1:9/bot/config.js",
  };
  const site = siteForTests(chatbot);

  it("allows exactly the two scripts' origins in the security policy, on every page", async () => {
    for (const path of ["/", "/library", "/contact", "/courses"]) {
      const policy = (await fetch(`${site.server.url}${path}`)).headers.get("content-security-policy")!;
      const directive = (name: string) =>
        policy
          .split(";")
          .map((part) => part.trim())
          .find((part) => part.startsWith(`${name} `));
      expect(directive("script-src"), path).toMatch(
        /^script-src 'self' 'nonce-[^']+' https:\/\/cdn\.chat\.example http:\/\/127\.0\.0\.1:9$/,
      );
      expect(directive("connect-src"), path).toBe("connect-src 'self' https://cdn.chat.example http://127.0.0.1:9");
      expect(directive("frame-src"), path).toBe("frame-src 'self' https://cdn.chat.example http://127.0.0.1:9");
      expect(directive("style-src"), path).toBe("style-src 'self' https://cdn.chat.example http://127.0.0.1:9");
    }
  });

  it("leaves them out of a mentoring session's live room, where the camera and microphone are on", async () => {
    const room = await fetch(`${site.server.url}/mentorship/bookings/00000000-0000-4000-8000-000000000000/room`, { redirect: "manual" });
    const policy = room.headers.get("content-security-policy")!;
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(policy).toContain("style-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("frame-src 'self';");
    expect(policy).not.toContain("chat.example");
    expect(policy).not.toContain("127.0.0.1:9");
  });

  it("hands the two addresses to the pages, which show the chat instead of 'Need help?'", async () => {
    const html = await (await fetch(`${site.server.url}/library`)).text();
    expect(html).toContain(chatbot.CHATBOT_SCRIPT_URL);
    expect(html).toContain(chatbot.CHATBOT_CONFIG_URL);
    expect(html).not.toContain("Need help?");
  });

  it("keeps the help page itself", async () => {
    const response = await fetch(`${site.server.url}/help?q=java+quiz`);
    expect(response.status).toBe(200);
    expect(answerLinks(await response.text())[0]?.href).toBe("/test/java");
  });
});

describe("chatbot configuration", () => {
  it.each([
    [{ CHATBOT_SCRIPT_URL: "https://cdn.chat.example/inject.js" }, "CHATBOT_CONFIG_URL: is required when CHATBOT_SCRIPT_URL is set"],
    [{ CHATBOT_CONFIG_URL: "https://cdn.chat.example/config.js" }, "CHATBOT_SCRIPT_URL: is required when CHATBOT_CONFIG_URL is set"],
    [
      { CHATBOT_SCRIPT_URL: "ftp://cdn.chat.example/inject.js", CHATBOT_CONFIG_URL: "https://cdn.chat.example/config.js" },
      "CHATBOT_SCRIPT_URL: must be the http(s) address",
    ],
  ])("refuses to start with %j and names the variable", async (env, message) => {
    const { code, stderr } = await runServerExpectingExit({ SQLITE_PATH: ":memory:", ...env });
    expect(code).toBe(1);
    expect(stderr).toContain(message);
  });
});

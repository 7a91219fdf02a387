import type { Challenge } from "altcha-lib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAltchaChallenge } from "#app/features/contact/captcha/altcha.server.ts";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { solve, solvedCaptcha } from "../setup/captcha.ts";
import { createTestDatabase, engines, type TestDatabase } from "../setup/databases.ts";
import { responseText, visibleText } from "../setup/html.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { siteForTests, startServer, startSite, type RunningServer, type RunningSite } from "../setup/server.ts";

/** An attribute value or textarea content as the browser reads it. */
const unescapeHtml = (html: string) =>
  html.replace(
    /&(lt|gt|quot|amp|#x27|#39);/g,
    (_, entity: string) => ({ lt: "<", gt: ">", quot: '"', amp: "&", "#x27": "'", "#39": "'" })[entity]!,
  );

const decode = (payload: string) => JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");

const valid = {
  name: "  Meena Raman ",
  email: " meena.r@example.com ",
  phone: " +91 98400 12345 ",
  message: "  When does the next Java batch start?\n ",
};

/** What the re-rendered form shows: each field's value, whether it is marked invalid, and its message. */
function formState(html: string) {
  const field = (name: string) => {
    const tag =
      new RegExp(`<input[^>]*\\sname="${name}"[^>]*>`).exec(html)?.[0] ??
      new RegExp(`<textarea[^>]*\\sname="${name}"[^>]*>`).exec(html)?.[0];
    if (!tag) throw new Error(`no field ${name} in the page`);
    const value = tag.startsWith("<textarea")
      ? new RegExp(`<textarea[^>]*\\sname="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html)?.[1]
      : /\svalue="([^"]*)"/.exec(tag)?.[1];
    const describedBy = /\saria-describedby="([^"]*)"/.exec(tag)?.[1]?.split(" ") ?? [];
    const descriptions = describedBy.map((id) =>
      visibleText(new RegExp(`<p id="${id}"[^>]*>([\\s\\S]*?)</p>`).exec(html)?.[1] ?? "").trim(),
    );
    return { value: unescapeHtml(value ?? "").trim(), rawValue: value ?? "", invalid: /\saria-invalid="true"/.test(tag), descriptions };
  };
  const status = visibleText(/<p role="status"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "").trim();
  const captchaError = visibleText(/<p id="captcha-error"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "").trim();
  return { name: field("name"), email: field("email"), phone: field("phone"), message: field("message"), status, captchaError };
}

describe.each(engines)("the contact form on %s", (engine) => {
  const site = siteForTests({ TRUST_PROXY: "1" }, engine);
  let addresses = 0;
  /** A browser of its own address: each test's posts count against its own rate limit. */
  const newBrowser = () => new TestBrowser(site.server.url, `198.51.100.${++addresses}`);

  const storedMessages = () =>
    site.db
      .selectFrom("contact_messages")
      .select(["name", "email", "phone", "message", "status", "attempts", "next_attempt_at"])
      .orderBy("created_at")
      .execute();
  const storedCount = async () => (await storedMessages()).length;

  it("shows the form with the spec's hidden fields, but no access key, and a note for browsers without JavaScript", async () => {
    const response = await fetch(`${site.server.url}/contact`);
    const html = await response.text();
    const text = visibleText(html);
    for (const label of ["Your Name", "Your Email", "Your Phone", "Message", "Send Message", "Check that you are a person"])
      expect(text).toContain(label);
    expect(text).not.toContain("currently inactive");
    expect(html).toMatch(/<input type="hidden" name="from_name" value="eLEARNING"\/>/);
    expect(html).toMatch(/<input type="hidden" name="subject" value="New Submission from the contact page"\/>/);
    expect(html).not.toMatch(/access_key/i);
    expect(text).toContain(
      "This check needs JavaScript, which is off in your browser. Please phone us on +91 44 2000 0000 or email office@college.example instead.",
    );
  });

  it("links no web address reserved for examples, and mentions social media only beside a profile's link", async () => {
    const html = await (await fetch(`${site.server.url}/contact`)).text();
    const links = [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map(([, href]) => new URL(unescapeHtml(href!), site.server.url));
    const web = links.filter((link) => link.protocol === "https:" || link.protocol === "http:");
    expect(web.map((link) => link.href)).toContain("https://www.openstreetmap.org/#map=12/13.0827/80.2707");
    const placeholders = web.filter((link) => /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/.test(link.hostname));
    expect(placeholders.map((link) => link.href)).toEqual([]);
    expect(visibleText(html).includes("social media")).toBe(html.includes('aria-label="Social media"'));
  });

  it("hands out a fresh, uncacheable challenge that expires in ten minutes", async () => {
    const before = Date.now() / 1000;
    const [first, second] = await Promise.all([1, 2].map(() => fetch(`${site.server.url}/contact/captcha-challenge`)));
    expect(first!.headers.get("cache-control")).toBe("no-store");
    expect(first!.headers.get("content-type")).toMatch(/^application\/json/);
    const [a, b] = (await Promise.all([first!.json(), second!.json()])) as Challenge[];
    expect(a!.signature).not.toBe(b!.signature);
    expect(a!.parameters.expiresAt).toBeGreaterThanOrEqual(Math.floor(before) + 600);
    expect(a!.parameters.expiresAt).toBeLessThanOrEqual(Date.now() / 1000 + 601);
  });

  it("stores a message with a solved captcha, trimmed, kept for staff when no delivery is configured, and says so after a redirect", async () => {
    const browser = newBrowser();
    const altcha = await solvedCaptcha(site.server.url);
    // The hidden fields are the site's own: posted values are ignored.
    const response = await browser.postForm("/contact", { ...valid, from_name: "Someone Else", subject: "Win a prize", altcha });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/contact?sent=1");
    const { response: page } = await browser.follow(response, "/contact");
    const state = formState(await page.text());
    expect(state.status).toBe("Form Submitted Successfully");
    expect(state.name.value).toBe("");
    expect(await storedMessages()).toEqual([
      {
        name: "Meena Raman",
        email: "meena.r@example.com",
        phone: "+91 98400 12345",
        message: "When does the next Java batch start?",
        status: "kept",
        attempts: 0,
        next_attempt_at: null,
      },
    ]);
    const used = await site.db.selectFrom("captcha_solutions").select(["key", "expires_at"]).execute();
    expect(used).toHaveLength(1);
    expect(used[0]!.key).toBe(`altcha:${decode(altcha).challenge.signature}`);
  });

  it("accepts a message of exactly 5000 characters after trimming, and none at all", async () => {
    const browser = newBrowser();
    for (const message of [`  ${"m".repeat(5000)}  `, ""]) {
      const response = await browser.postForm("/contact", { ...valid, message, altcha: await solvedCaptcha(site.server.url) });
      expect(response.status).toBe(303);
    }
    const [long, empty] = (await storedMessages()).slice(-2);
    expect(long!.message).toBe("m".repeat(5000));
    expect(empty!.message).toBe("");
  });

  describe("refuses bad input with a message beside the field, keeping what was typed and storing nothing", () => {
    let altcha: string;
    beforeAll(async () => {
      // A solved captcha is spent only when a message is stored: every refusal below can carry the same one.
      altcha = await solvedCaptcha(site.server.url);
    });

    const cases: Array<[string, Partial<typeof valid>, "name" | "email" | "phone" | "message", string]> = [
      ["no name", { name: undefined }, "name", "Please enter your name."],
      ["a name of spaces", { name: "   " }, "name", "Please enter your name."],
      ["a name over 100 characters", { name: "n".repeat(101) }, "name", "Please keep your name to 100 characters or fewer."],
      ["no email", { email: undefined }, "email", "Please enter your email address."],
      ["an email of spaces", { email: "   " }, "email", "Please enter your email address."],
      ["an email that is not one", { email: "meena.example.com" }, "email", "Please enter a valid email address, like name@example.com."],
      ["no phone", { phone: undefined }, "phone", "Please enter your phone number."],
      ["a phone of spaces", { phone: "   " }, "phone", "Please enter your phone number."],
      [
        "a phone with letters",
        { phone: "98400 CALL ME" },
        "phone",
        "Please enter your phone number in digits, with an optional + in front (e.g. +91 44 2000 0000).",
      ],
      ["a phone of five digits", { phone: "+1 2345" }, "phone", "A phone number has at least 6 digits."],
      ["a phone of 21 digits", { phone: "123456789012345678901" }, "phone", "A phone number has at most 20 digits."],
      ["a message of 5001 characters", { message: "m".repeat(5001) }, "message", "Please keep your message to 5000 characters or fewer."],
    ];
    const labels = { name: "Your Name", email: "Your Email", phone: "Your Phone", message: "Message" };

    it.each(cases)("%s", async (_case, change, field, message) => {
      const before = await storedCount();
      const fields = Object.fromEntries(Object.entries({ ...valid, ...change }).filter(([, value]) => value !== undefined)) as Record<
        string,
        string
      >;
      const response = await newBrowser().postForm("/contact", { ...fields, altcha });
      expect(response.status).toBe(400);
      const state = formState(await response.text());
      expect(state[field].invalid).toBe(true);
      expect(state[field].descriptions).toContain(message);
      expect(state.status).toBe(`Please correct the fields marked below: ${labels[field]}.`);
      for (const other of ["name", "email", "phone", "message"] as const) {
        if (other !== field) expect(state[other].invalid).toBe(false);
        // What was typed comes back as typed, untrimmed.
        if (fields[other] !== undefined) expect(unescapeHtml(state[other].rawValue)).toBe(fields[other]);
      }
      expect(await storedCount()).toBe(before);
    });

    it("names every bad field at once, and a missing captcha with them", async () => {
      const before = await storedCount();
      const response = await newBrowser().postForm("/contact", { name: "", email: "x", phone: "abc", message: "Hello" });
      expect(response.status).toBe(400);
      const state = formState(await response.text());
      expect(state.status).toBe(
        "Please correct the fields marked below: Your Name, Your Email, Your Phone. Please complete the captcha check.",
      );
      expect(state.captchaError).toBe("Please complete the captcha check.");
      expect(state.message.value).toBe("Hello");
      expect(await storedCount()).toBe(before);
    });

    it("shows <script> typed in any field as text", async () => {
      const before = await storedCount();
      const script = `<script>alert("hi")</script>`;
      const response = await newBrowser().postForm("/contact", { name: script, email: script, phone: script, message: script, altcha });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).not.toContain("<script>alert");
      const state = formState(html);
      for (const field of ["name", "email", "phone", "message"] as const) {
        expect(state[field].rawValue).toContain("&lt;script&gt;alert(");
        expect(state[field].value).toBe(script);
      }
      expect(await storedCount()).toBe(before);
    });

    it("refuses a filled honeypot", async () => {
      const before = await storedCount();
      const response = await newBrowser().postForm("/contact", { ...valid, website_url: "http://spam.example", altcha });
      expect(response.status).toBe(400);
      const state = formState(await response.text());
      expect(state.status).toBe("We could not accept this message. Please try again.");
      expect(state.name.value).toBe(valid.name.trim());
      expect(await storedCount()).toBe(before);
    });

    it("refuses a post that is no form, and one with a NUL character, before the form is read", async () => {
      const before = await storedCount();
      const response = await newBrowser().request("/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(valid),
      });
      expect(response.status).toBe(415);
      const nul = await newBrowser().postForm("/contact", { ...valid, message: "hello\u0000there", altcha });
      expect(nul.status).toBe(400);
      expect(await nul.text()).toContain("a character that cannot be stored");
      expect(await storedCount()).toBe(before);
    });

    it("refuses a form field of Conform's own that is not what Conform writes", async () => {
      const before = await storedCount();
      const response = await newBrowser().postForm("/contact", { ...valid, __intent__: "{not json", altcha });
      expect(response.status).toBe(400);
      expect(formState(await response.text()).status).toBe("We could not read this form. Please try again.");
      expect(await storedCount()).toBe(before);
    });
  });

  describe("refuses a captcha answer that is missing, forged, expired or used before", () => {
    async function expectRefused(altcha: string | undefined, message: string) {
      const before = await storedCount();
      const response = await newBrowser().postForm("/contact", altcha === undefined ? valid : { ...valid, altcha });
      expect(response.status).toBe(400);
      const state = formState(await response.text());
      expect(state.status).toBe(message);
      expect(state.captchaError).toBe(message);
      for (const field of ["name", "email", "phone"] as const) expect(state[field].value).toBe(valid[field].trim());
      expect(await storedCount()).toBe(before);
    }
    const forged = "The captcha check could not be confirmed. Please do it again.";

    it("missing", async () => {
      await expectRefused(undefined, "Please complete the captcha check.");
      await expectRefused("   ", "Please complete the captcha check.");
    });

    it("with a tampered signature", async () => {
      const payload = decode(await solvedCaptcha(site.server.url));
      const last = payload.challenge.signature.at(-1);
      payload.challenge.signature = payload.challenge.signature.slice(0, -1) + (last === "0" ? "1" : "0");
      await expectRefused(encode(payload), forged);
    });

    it("with a wrong number (counter)", async () => {
      const payload = decode(await solvedCaptcha(site.server.url));
      payload.solution.counter += 1;
      await expectRefused(encode(payload), forged);
    });

    it("with easier parameters than were signed", async () => {
      const payload = decode(await solvedCaptcha(site.server.url));
      payload.challenge.parameters.keyPrefix = "00";
      await expectRefused(encode(payload), forged);
    });

    it("made up, or the widget's test mode", async () => {
      await expectRefused("bm90IGpzb24=", forged);
      await expectRefused(encode({ challenge: null, solution: null, test: true }), forged);
    });

    it("expired (a challenge signed with the site's key, older than ten minutes)", async () => {
      const stale = await createAltchaChallenge(site.db, { expiresAt: new Date(Date.now() - 1000) });
      await expectRefused(await solve(stale), "The captcha check has expired. Please do it again.");
    });

    it("used before, for another message", async () => {
      const altcha = await solvedCaptcha(site.server.url);
      const browser = newBrowser();
      expect((await browser.postForm("/contact", { ...valid, altcha })).status).toBe(303);
      await expectRefused(altcha, "This captcha check was already used. Please do it again.");
    });
  });

  it("keeps a solved captcha usable when the message cannot be stored: its answer is spent with the message or not at all", async () => {
    // The database refuses every new message, as a full disk or a broken constraint would.
    const refuseMessages =
      engine === "sqlite"
        ? [sql`create trigger refuse_messages before insert on contact_messages begin select raise(abort, 'no room for messages'); end`]
        : [
            sql`create function refuse_message() returns trigger language plpgsql as $$ begin raise exception 'no room for messages'; end $$`,
            sql`create trigger refuse_messages before insert on contact_messages for each row execute function refuse_message()`,
          ];
    const allowMessages =
      engine === "sqlite"
        ? [sql`drop trigger refuse_messages`]
        : [sql`drop trigger refuse_messages on contact_messages`, sql`drop function refuse_message()`];
    const usedAnswers = async () => (await site.db.selectFrom("captcha_solutions").select("key").execute()).map((row) => row.key);

    const altcha = await solvedCaptcha(site.server.url);
    const key = `altcha:${decode(altcha).challenge.signature}`;
    const before = await storedCount();
    for (const statement of refuseMessages) await statement.execute(site.db);
    try {
      const failed = await newBrowser().postForm("/contact", { ...valid, altcha });
      expect(failed.status).toBe(500);
      await failed.arrayBuffer();
    } finally {
      for (const statement of allowMessages) await statement.execute(site.db);
    }
    expect(await storedCount()).toBe(before);
    expect(await usedAnswers()).not.toContain(key);

    // Trying again with the same solved check goes through, once.
    const retried = await newBrowser().postForm("/contact", { ...valid, altcha });
    expect(retried.status).toBe(303);
    expect(await storedCount()).toBe(before + 1);
    expect(await usedAnswers()).toContain(key);
    const replayed = await newBrowser().postForm("/contact", { ...valid, altcha });
    expect(replayed.status).toBe(400);
    expect(await storedCount()).toBe(before + 1);
  });

  it("slows down one address after ten posts in ten minutes, with Retry-After", async () => {
    const browser = newBrowser();
    for (let post = 1; post <= 10; post++) expect((await browser.postForm("/contact", { ...valid, name: "" })).status).toBe(400);
    const before = await storedCount();
    const response = await browser.postForm("/contact", { ...valid, altcha: await solvedCaptcha(site.server.url) });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    const state = formState(await response.text());
    expect(state.status).toBe("Too many messages from your network. Please try again in a few minutes, or phone or email us.");
    expect(state.name.value).toBe(valid.name.trim());
    expect(await storedCount()).toBe(before);
  });

  it("refuses a post from another site", async () => {
    const before = await storedCount();
    const response = await newBrowser().request("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: new URLSearchParams({ ...valid, altcha: await solvedCaptcha(site.server.url) }),
    });
    expect(response.status).toBe(403);
    expect(await storedCount()).toBe(before);
  });

  it("answers the page's own (JavaScript) submission with the refusal as data", async () => {
    const before = await storedCount();
    const response = await newBrowser().postForm("/contact.data", { ...valid, phone: "abc" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please enter your phone number in digits");
    expect(await storedCount()).toBe(before);
  });
});

describe("with hCaptcha configured", () => {
  let server: RunningSite;
  beforeAll(async () => {
    server = await startSite({
      HCAPTCHA_SITEKEY: "10000000-ffff-ffff-ffff-000000000001",
      HCAPTCHA_SECRET: "0x0000000000000000000000000000000000000000",
    });
  });
  afterAll(() => server?.stop());

  it("allows hCaptcha's origins, and only them, in the Content Security Policy", async () => {
    const csp = (await fetch(`${server.url}/contact`)).headers.get("content-security-policy") ?? "";
    const directive = (name: string) => new RegExp(`(?:^|;)${name} ([^;]+)`).exec(csp)?.[1] ?? "";
    for (const name of ["script-src", "frame-src", "connect-src", "style-src"]) {
      expect(directive(name), name).toContain("https://hcaptcha.com https://*.hcaptcha.com");
    }
    expect(directive("script-src")).not.toContain("unsafe");
    expect(directive("img-src")).not.toContain("hcaptcha");
  });

  it("shows hCaptcha's site key to the page, never the secret, and no ALTCHA challenge", async () => {
    const html = await (await fetch(`${server.url}/contact`)).text();
    expect(html).toContain("10000000-ffff-ffff-ffff-000000000001");
    expect(html).not.toContain("0x0000000000000000000000000000000000000000");
    expect((await fetch(`${server.url}/contact/captcha-challenge`)).status).toBe(404);
  });

  it("refuses a post without hCaptcha's answer, storing nothing", async () => {
    const response = await new TestBrowser(server.url).postForm("/contact", { ...valid, altcha: "ignored" });
    expect(response.status).toBe(400);
    expect(formState(await response.clone().text()).captchaError).toBe("Please complete the captcha check.");
    expect(await responseText(response)).toContain("Please complete the captcha check.");
    const handle = server.database.open();
    expect(await handle.db.selectFrom("contact_messages").select("id").execute()).toEqual([]);
    await handle.close();
  });
});

describe("without hCaptcha configured", () => {
  it("allows no third-party origin for it", async () => {
    const server = await startSite();
    try {
      const csp = (await fetch(`${server.url}/contact`)).headers.get("content-security-policy") ?? "";
      expect(csp).not.toContain("hcaptcha");
      expect(csp).not.toContain("frame-src");
    } finally {
      await server.stop();
    }
  });
});

describe.runIf(engines.includes("postgres"))("two instances on one PostgreSQL database", () => {
  let database: TestDatabase;
  let first: RunningServer;
  let second: RunningServer;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    [first, second] = await Promise.all([
      startServer({ ...database.env, TRUST_PROXY: "1" }),
      startServer({ ...database.env, TRUST_PROXY: "1" }),
    ]);
    handle = database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  });

  const count = async () => (await handle.db.selectFrom("contact_messages").select("id").execute()).length;

  it("accept a challenge made by one on the other, once", async () => {
    const altcha = await solvedCaptcha(first.url);
    expect((await new TestBrowser(second.url, "203.0.113.50").postForm("/contact", { ...valid, altcha })).status).toBe(303);
    const replay = await new TestBrowser(first.url, "203.0.113.51").postForm("/contact", { ...valid, altcha });
    expect(replay.status).toBe(400);
    expect(formState(await replay.text()).captchaError).toBe("This captcha check was already used. Please do it again.");
    expect(await count()).toBe(1);
  });

  it("store one message when the same answer reaches both at the same moment", async () => {
    const altcha = await solvedCaptcha(second.url);
    const before = await count();
    const statuses = await Promise.all(
      [first, second, first, second].map((instance, i) =>
        new TestBrowser(instance.url, `203.0.113.${60 + i}`).postForm("/contact", { ...valid, altcha }).then((response) => response.status),
      ),
    );
    expect(statuses.sort()).toEqual([303, 400, 400, 400]);
    expect(await count()).toBe(before + 1);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { assignRole } from "#app/features/auth/roles.server.ts";
import { changeContent } from "#app/lib/content-versions/content-versions.server.ts";
import { registeredBrowser } from "../setup/accounts.ts";
import { engines } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { siteForTests } from "../setup/server.ts";

/** Each visitor comes from an address of its own, so the per-address limit stays out of the way. */
let visitors = 0;
const newVisitor = (url: string) => new TestBrowser(url, `198.51.100.${++visitors}`);

const valid = { name: "Meena R", comment: "The Java lessons were clear.", image: "", rating: "4" };

describe.each(engines)("feedback wall on %s", (engine) => {
  const site = siteForTests({ TRUST_PROXY: "1" }, engine);

  const rows = () => site.db.selectFrom("feedback_posts").selectAll().orderBy("id", "desc").execute();
  const count = async () => (await rows()).length;
  const clear = () => changeContent(site.db, "feedback", (trx) => trx.deleteFrom("feedback_posts").execute());

  async function postAs(browser: TestBrowser, fields: Record<string, string>) {
    const response = await browser.postForm("/feedback/new", fields);
    return { response, html: response.status === 303 ? "" : await response.text() };
  }

  const listJson = async (query = "") => {
    const response = await fetch(`${site.server.url}/feedback${query}`, { headers: { Accept: "application/json" } });
    return { status: response.status, body: (await response.json()) as Array<Record<string, unknown>> };
  };

  describe("posting", () => {
    it("stores a post, goes back to the wall and shows it with its date, name, comment and rating", async () => {
      await clear();
      const visitor = newVisitor(site.server.url);
      const { response } = await postAs(visitor, { ...valid, name: "  Meena R  " });
      expect(response.status).toBe(303);
      const [row] = await rows();
      expect(row).toMatchObject({ name: "Meena R", comment: valid.comment, image: null, rating: 4, author_sub: null });
      expect(response.headers.get("location")).toBe(`/feedback?posted=${row!.id}`);
      // A visitor's post is theirs through a token kept in an httpOnly cookie for /feedback.
      expect(response.headers.get("set-cookie")).toMatch(
        /^feedback_author=[\w-]{43}; Max-Age=31536000; Path=\/feedback; HttpOnly; SameSite=Lax/,
      );
      expect(row!.author_token_hash).toMatch(/^[\w-]{43}$/);

      const page = visibleText(await (await visitor.request(response.headers.get("location")!)).text());
      expect(page).toContain("Thank you! Your feedback is on the wall.");
      expect(page).toContain("Give your Feedback");
      expect(page).toMatch(/All Feedbacks .*Meena R The Java lessons were clear\. Rated 4 out of 5/);
    });

    it("shows the record's own creation date, as day, short month and year in US English", async () => {
      await clear();
      await changeContent(site.db, "feedback", (trx) =>
        trx
          .insertInto("feedback_posts")
          .values({
            id: "0000000000010000000000ab",
            name: "Arun",
            comment: "Old post",
            image: null,
            rating: 5,
            created_at: "2026-02-03T06:00:00.000Z",
            author_sub: null,
            author_token_hash: null,
            hidden_at: null,
            hidden_by: null,
          })
          .execute(),
      );
      const page = visibleText(await (await fetch(`${site.server.url}/feedback`)).text());
      expect(page).toContain("Feb 3, 2026 Arun Old post Rated 5 out of 5");
      const html = await (await fetch(`${site.server.url}/feedback`)).text();
      expect(html).toContain('<time dateTime="2026-02-03T06:00:00.000Z"');
    });

    it("prefills the name of a signed-in person and remembers their account as the author", async () => {
      const { browser } = await registeredBrowser(site.server.url);
      const form = await (await browser.request("/feedback")).text();
      expect(form).toMatch(/<input[^>]*name="name"[^>]*value="Test Learner"/);
      const { response } = await postAs(browser, valid);
      expect(response.status).toBe(303);
      expect(response.headers.get("set-cookie")).toBeNull();
      const [row] = await rows();
      expect(row!.author_sub).toEqual(expect.any(String));
      expect(row!.author_token_hash).toBeNull();
    });

    it("renders markup typed into every field as text", async () => {
      await clear();
      const script = "<script>alert(1)</script>";
      const { response } = await postAs(newVisitor(site.server.url), {
        name: `A ${script}`,
        comment: `B ${script}`,
        image: "",
        rating: "3",
      });
      expect(response.status).toBe(303);
      const html = await (await fetch(`${site.server.url}/feedback`)).text();
      expect(html).not.toContain("<script>alert(1)");
      expect(html).toContain("A &lt;script&gt;alert(1)&lt;/script&gt;");
      expect(html).toContain("B &lt;script&gt;alert(1)&lt;/script&gt;");
    });

    it("shows a picture lazily, without a referrer, and allows pictures of other sites on this page only", async () => {
      await clear();
      await postAs(newVisitor(site.server.url), { ...valid, image: "https://images.example.org/me.jpg" });
      const response = await fetch(`${site.server.url}/feedback`);
      const html = await response.text();
      expect(html).toMatch(
        /<img src="https:\/\/images\.example\.org\/me\.jpg" alt="" width="96" height="96" loading="lazy" decoding="async" referrerPolicy="no-referrer"/,
      );
      expect(response.headers.get("content-security-policy")).toContain("img-src 'self' data: https: http:");
      const home = await fetch(`${site.server.url}/`);
      expect(home.headers.get("content-security-policy")).toContain("img-src 'self' data:;");
      // The wall's address in any letter case is the wall.
      expect((await fetch(`${site.server.url}/FeedBack`)).headers.get("content-security-policy")).toContain(
        "img-src 'self' data: https: http:",
      );
    });

    const long = (n: number) => "x".repeat(n);
    it.each([
      ["an empty name", { name: "" }, "Please enter your name."],
      ["a name of spaces", { name: "   " }, "Please enter your name."],
      ["no name field", { name: undefined }, "Please enter your name."],
      ["an 81-character name", { name: long(81) }, "Your name can have at most 80 characters."],
      ["an empty comment", { comment: "" }, "Please enter your comment."],
      ["a comment of spaces and newlines", { comment: " \n\t " }, "Please enter your comment."],
      ["a 2001-character comment", { comment: long(2001) }, "Your comment can have at most 2000 characters."],
      ["rating 0", { rating: "0" }, "Please choose a rating of 1 to 5 whole stars."],
      ["rating 6", { rating: "6" }, "Please choose a rating of 1 to 5 whole stars."],
      ["rating 3.5", { rating: "3.5" }, "Please choose a rating of 1 to 5 whole stars."],
      ["an empty rating", { rating: "" }, "Please choose a rating of 1 to 5 whole stars."],
      ["rating abc", { rating: "abc" }, "Please choose a rating of 1 to 5 whole stars."],
      ["no rating", { rating: undefined }, "Please choose a rating of 1 to 5 whole stars."],
      ["a javascript: image", { image: "javascript:alert(1)" }, "The image address must start with https:// or http://"],
      ["a data: image", { image: "data:image/png;base64,AAAA" }, "The image address must start with https:// or http://"],
      ["a file: image", { image: "file:///etc/passwd" }, "The image address must start with https:// or http://"],
      ["an ftp: image", { image: "ftp://example.com/me.png" }, "The image address must start with https:// or http://"],
      ["a relative image", { image: "/images/me.png" }, "The image address must start with https:// or http://"],
      [
        "a 2049-character image address",
        { image: `https://example.com/${long(2049 - 20)}` },
        "The image address can have at most 2048 characters.",
      ],
    ])("refuses %s, names the field, keeps what was typed and stores nothing", async (_, change, message) => {
      const before = await count();
      const fields = Object.fromEntries(
        Object.entries({ ...valid, comment: "Kept comment", ...change }).filter(([, v]) => v !== undefined),
      ) as Record<string, string>;
      const { response, html } = await postAs(newVisitor(site.server.url), fields);
      expect(response.status).toBe(400);
      expect(visibleText(html)).toContain(message);
      // The field is marked and its message read with it.
      expect(html).toMatch(/aria-invalid="true"/);
      if (!("comment" in change)) expect(html).toContain("Kept comment");
      if ("name" in change && change.name) expect(html).toContain(`value="${change.name}"`);
      expect(await count()).toBe(before);
    });

    it("puts the chosen star back after a refusal, and the default for a rating that is no whole star", async () => {
      const kept = await postAs(newVisitor(site.server.url), { ...valid, name: "", rating: "4" });
      const checkedRating = (html: string) =>
        [...html.matchAll(/<input type="radio"[^>]*>/g)]
          .map(([tag]) => tag)
          .filter((tag) => tag.includes("checked"))
          .map((tag) => /value="(\d)"/.exec(tag)?.[1]);
      expect(checkedRating(kept.html)).toEqual(["4"]);
      const fractional = await postAs(newVisitor(site.server.url), { ...valid, rating: "3.5" });
      expect(fractional.response.status).toBe(400);
      expect(checkedRating(fractional.html)).toEqual(["2"]);
    });

    it("refuses a filled honeypot and stores nothing", async () => {
      const before = await count();
      const { response, html } = await postAs(newVisitor(site.server.url), { ...valid, website_url: "http://spam.example" });
      expect(response.status).toBe(400);
      expect(visibleText(html)).toContain("We could not accept this feedback.");
      expect(await count()).toBe(before);
    });

    it("allows five posts per address in ten minutes, then answers 429 with Retry-After and stores nothing", async () => {
      const visitor = newVisitor(site.server.url);
      const before = await count();
      // Refused posts do not count.
      expect((await postAs(visitor, { ...valid, name: "" })).response.status).toBe(400);
      for (let i = 0; i < 5; i++) expect((await postAs(visitor, valid)).response.status).toBe(303);
      const { response, html } = await postAs(visitor, valid);
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(visibleText(html)).toContain("Please try again in a little while.");
      expect(await count()).toBe(before + 5);
    });

    it("refuses a post from another site", async () => {
      const before = await count();
      const response = await newVisitor(site.server.url).request("/feedback/new", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
        body: new URLSearchParams(valid),
      });
      expect(response.status).toBe(403);
      expect(await count()).toBe(before);
    });
  });

  describe("the spec's back-end calls", () => {
    it("GET /feedback with Accept: application/json lists _id, name, comment, image, rating, date, newest first", async () => {
      await clear();
      const visitor = newVisitor(site.server.url);
      await postAs(visitor, { ...valid, name: "First" });
      await postAs(visitor, { ...valid, name: "Second", image: "http://pics.example/2.png", rating: "5" });
      const { status, body } = await listJson();
      expect(status).toBe(200);
      expect(body.map((item) => item.name)).toEqual(["Second", "First"]);
      expect(body[0]).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: "Second",
        comment: valid.comment,
        image: "http://pics.example/2.png",
        rating: 5,
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(Object.keys(body[1]!).sort()).toEqual(["_id", "comment", "date", "image", "name", "rating"]);
      const older = await listJson(`?before=${body[0]!._id}`);
      expect(older.body.map((item) => item.name)).toEqual(["First"]);
      expect((await listJson("?before=not-an-id")).status).toBe(400);
    });

    it("the wall still answers HTML to browsers, and says it varies by Accept", async () => {
      const response = await fetch(`${site.server.url}/feedback`, { headers: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("vary")).toMatch(/Accept/);
    });

    it("POST /feedback/new answers JSON to a JSON client: 201 with the item, 400 with the fields, nothing stored", async () => {
      const before = await count();
      const post = (body: string) =>
        newVisitor(site.server.url).request("/feedback/new", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body,
        });
      const created = await post(JSON.stringify({ name: "Api", comment: "From a client", rating: 5 }));
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({ name: "Api", comment: "From a client", image: null, rating: 5 });
      const refused = await post(JSON.stringify({ name: "", comment: "x", rating: 9 }));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        errors: { name: "Please enter your name.", rating: "Please choose a rating of 1 to 5 whole stars." },
      });
      // What the JSON list gives back can be posted again: an image of null is none.
      const again = await post(JSON.stringify({ name: "Api", comment: "Again", image: null, rating: "4" }));
      expect(again.status).toBe(201);
      expect(await again.json()).toMatchObject({ image: null, rating: 4 });
      expect((await post("{not json")).status).toBe(400);
      expect((await post("[1,2]")).status).toBe(400);
      // React Router's own requests (.data) are forms: JSON there is refused, never a 500.
      const data = await newVisitor(site.server.url).request("/feedback/new.data", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "A", comment: "B", rating: 3 }),
      });
      expect(data.status).toBe(415);
      expect(await count()).toBe(before + 2);
      expect(site.server.logs.filter((entry) => Number(entry.level) >= 50)).toEqual([]);
    });

    it.each([
      ["objects", { toString: 1 }, { valueOf: {}, toString: {} }],
      ["arrays", ["Api"], [1, 2]],
      ["numbers", 5, 1e308],
      ["null", null, null],
      ["booleans", true, false],
    ])("POST /feedback/new answers JSON fields given as %s with 400 naming each field, and stores nothing", async (_, value, other) => {
      const before = await count();
      const response = await newVisitor(site.server.url).request("/feedback/new", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: value, comment: other, image: value, rating: other }),
      });
      expect(response.status).toBe(400);
      const { errors } = (await response.json()) as { errors: Record<string, string> };
      expect(errors.name).toBe("Please enter your name.");
      expect(errors.comment).toBe("Please enter your comment.");
      if (value !== null) expect(errors.image).toBe("The image address must be text.");
      if (typeof other !== "number") expect(errors.rating).toBe("Please choose a rating of 1 to 5 whole stars.");
      expect(await count()).toBe(before);
      expect(site.server.logs.filter((entry) => Number(entry.level) >= 50)).toEqual([]);
    });

    it("POST /feedback/new refuses JSON text no database keeps (a NUL, a lone surrogate half) with 400 naming the field", async () => {
      const before = await count();
      const response = await newVisitor(site.server.url).request("/feedback/new", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        // JSON.stringify writes the half as \ud800, which JSON.parse gives back as it was.
        body: JSON.stringify({ name: "Mee\u0000na", comment: "Broken \ud800 text", image: "https://example.com/\udc00.png", rating: 4 }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        errors: {
          name: "Your name contains a character that cannot be stored (a NUL or a broken character). Please type it again.",
          comment: "Your comment contains a character that cannot be stored (a NUL or a broken character). Please type it again.",
          image: "The image address must start with https:// or http://, like https://example.com/photo.jpg.",
        },
      });
      expect(await count()).toBe(before);
    });
  });

  describe("deleting and hiding", () => {
    /** A post by a fresh visitor; returns its id and that visitor's browser (holding the token). */
    async function visitorPost() {
      const author = newVisitor(site.server.url);
      const { response } = await postAs(author, { ...valid, name: "To delete" });
      return { author, id: response.headers.get("location")!.split("=")[1]! };
    }
    const exists = async (id: string) => (await rows()).some((row) => row.id === id);
    const deleteAs = (browser: TestBrowser, id: string) => browser.postForm(`/feedback/${id}`, { intent: "delete" });

    it("a GET on the close icon's address shows a confirmation and deletes nothing", async () => {
      const { author, id } = await visitorPost();
      const page = await author.request(`/feedback/${id}`);
      expect(page.status).toBe(200);
      expect(visibleText(await page.text())).toContain("Delete this feedback?");
      expect(await exists(id)).toBe(true);
    });

    it("a visitor without the author's token gets 401; the author's browser deletes; a second delete is 404", async () => {
      const { author, id } = await visitorPost();
      const stranger = newVisitor(site.server.url);
      const refused = await deleteAs(stranger, id);
      expect(refused.status).toBe(401);
      expect((await stranger.request(`/feedback/${id}`)).status).toBe(401);
      expect(await exists(id)).toBe(true);
      const deleted = await deleteAs(author, id);
      expect(deleted.status).toBe(303);
      expect(deleted.headers.get("location")).toBe("/feedback?deleted=1");
      expect(await exists(id)).toBe(false);
      expect((await deleteAs(author, id)).status).toBe(404);
      expect((await author.request(`/feedback/${id}`)).status).toBe(404);
    });

    it("another student gets 403; the author's account deletes its own post", async () => {
      const { browser: author } = await registeredBrowser(site.server.url);
      const { response } = await postAs(author, valid);
      const id = response.headers.get("location")!.split("=")[1]!;
      const { browser: other } = await registeredBrowser(site.server.url);
      expect((await deleteAs(other, id)).status).toBe(403);
      expect(await exists(id)).toBe(true);
      expect((await deleteAs(author, id)).status).toBe(303);
      expect(await exists(id)).toBe(false);
    });

    it("a moderator deletes and hides anyone's post; a student cannot hide", async () => {
      const { browser: moderator, email } = await registeredBrowser(site.server.url);
      await assignRole(site.db, email, "moderator");
      const { browser: student } = await registeredBrowser(site.server.url);

      const first = await visitorPost();
      expect((await student.postForm(`/feedback/${first.id}`, { intent: "hide" })).status).toBe(403);
      expect((await newVisitor(site.server.url).postForm(`/feedback/${first.id}`, { intent: "hide" })).status).toBe(401);
      expect((await rows()).find((row) => row.id === first.id)?.hidden_at).toBeNull();

      // The wall leads moderators to the post's own page, which asks before it hides or deletes.
      const wall = await (await moderator.request("/feedback")).text();
      expect(visibleText(wall)).toContain("Hide or delete the feedback of To delete");
      expect(wall).toContain(`href="/feedback/${first.id}"`);
      expect(visibleText(await (await moderator.request(`/feedback/${first.id}`)).text())).toContain("Hide from the wall");
      expect((await moderator.postForm(`/feedback/${first.id}`, { intent: "hide" })).status).toBe(303);
      expect((await listJson()).body.some((item) => item._id === first.id)).toBe(false);
      // Hidden: gone for strangers, still there for its author and moderators.
      expect((await newVisitor(site.server.url).request(`/feedback/${first.id}`)).status).toBe(404);
      expect((await first.author.request(`/feedback/${first.id}`)).status).toBe(200);
      expect((await moderator.postForm(`/feedback/${first.id}`, { intent: "show" })).status).toBe(303);
      expect((await listJson()).body.some((item) => item._id === first.id)).toBe(true);

      const second = await visitorPost();
      expect((await deleteAs(moderator, second.id)).status).toBe(303);
      expect(await exists(second.id)).toBe(false);
    });

    it("an author cannot show again, nor hide, a post a moderator hid: 401 from the browser's token, 403 from the account, nothing changed", async () => {
      const { browser: moderator, email } = await registeredBrowser(site.server.url);
      await assignRole(site.db, email, "moderator");
      const byToken = await visitorPost();
      const { browser: accountAuthor } = await registeredBrowser(site.server.url);
      const byAccount = {
        author: accountAuthor,
        id: (await postAs(accountAuthor, valid)).response.headers.get("location")!.split("=")[1]!,
      };
      for (const { id } of [byToken, byAccount]) expect((await moderator.postForm(`/feedback/${id}`, { intent: "hide" })).status).toBe(303);

      const state = async (id: string) => ({
        post: (await rows()).find((row) => row.id === id),
        audit: await site.db.selectFrom("audit_log").select(["action", "actor_name"]).where("subject", "=", `feedback:${id}`).execute(),
      });
      for (const [{ author, id }, status] of [
        [byToken, 401],
        [byAccount, 403],
      ] as const) {
        const before = await state(id);
        expect(before.post?.hidden_at).not.toBeNull();
        // The author still sees their hidden post, without the moderators' button.
        const page = await author.request(`/feedback/${id}`);
        expect(page.status).toBe(200);
        expect(visibleText(await page.text())).not.toContain("Show on the wall again");
        for (const path of [`/feedback/${id}`, `/feedback/${id}.data`]) {
          for (const intent of ["show", "hide"]) {
            const refused = await author.postForm(path, { intent });
            expect(refused.status, `${path} ${intent}`).toBe(status);
          }
        }
        expect(await state(id)).toEqual(before);
        expect((await listJson()).body.some((item) => item._id === id)).toBe(false);
      }
    });

    it("refuses unknown intents and addresses that are not posts", async () => {
      const { author, id } = await visitorPost();
      expect((await author.postForm(`/feedback/${id}`, { intent: "explode" })).status).toBe(400);
      expect((await author.postForm(`/feedback/${id}`, {})).status).toBe(400);
      expect((await author.request("/feedback/not-a-post")).status).toBe(404);
      expect((await deleteAs(author, "ffffffffffffffffffffffff")).status).toBe(404);
      expect(await exists(id)).toBe(true);
    });
  });

  describe("a wall of 100,000 posts", () => {
    const total = 100_000;
    /** Post i was written i minutes after the first; ids follow the same order. */
    const idOf = (i: number) => (1_700_000_000_000 + i * 60_000).toString(16).padStart(12, "0") + i.toString(16).padStart(12, "0");

    beforeAll(async () => {
      await clear();
      const batch = 1000;
      for (let start = 0; start < total; start += batch) {
        const values = Array.from({ length: batch }, (_, offset) => {
          const i = start + offset;
          return {
            id: idOf(i),
            name: `Learner ${i}`,
            comment: `Comment ${i}`,
            image: null,
            rating: (i % 5) + 1,
            created_at: new Date(1_700_000_000_000 + i * 60_000).toISOString(),
            author_sub: null,
            author_token_hash: null,
            hidden_at: null,
            hidden_by: null,
          };
        });
        await changeContent(site.db, "feedback", (trx) => trx.insertInto("feedback_posts").values(values).execute());
      }
    }, 120_000);

    const namesOnWall = (html: string) => [...html.matchAll(/<h3 id="feedback-[0-9a-f]+-name"[^>]*>(Learner \d+)<\/h3>/g)].map((m) => m[1]);

    it("shows the newest 20 first, with a link to older feedback", async () => {
      const html = await (await fetch(`${site.server.url}/feedback`)).text();
      expect(namesOnWall(html)).toEqual(Array.from({ length: 20 }, (_, k) => `Learner ${total - 1 - k}`));
      expect(html).toContain(`href="/feedback?before=${idOf(total - 20)}"`);
      expect(visibleText(html)).toContain("Older feedback");
    });

    it("pages deep into the wall in order, and ends without a link", async () => {
      const deep = await (await fetch(`${site.server.url}/feedback?before=${idOf(50_000)}`)).text();
      expect(namesOnWall(deep)).toEqual(Array.from({ length: 20 }, (_, k) => `Learner ${49_999 - k}`));
      const last = await (await fetch(`${site.server.url}/feedback?before=${idOf(7)}`)).text();
      expect(namesOnWall(last)).toEqual(Array.from({ length: 7 }, (_, k) => `Learner ${6 - k}`));
      expect(visibleText(last)).not.toContain("Older feedback");
      const json = await listJson(`?before=${idOf(80_000)}`);
      expect(json.body).toHaveLength(50);
      expect(json.body[0]!.name).toBe("Learner 79999");
      expect(json.body[49]!.name).toBe("Learner 79950");
    });

    it("says so in words when the list cannot be read", async () => {
      await site.db.schema.alterTable("feedback_posts").renameTo("feedback_posts_away").execute();
      try {
        // An address no earlier test asked for: the page cache holds no copy of it from before.
        const address = `${site.server.url}/feedback?while=unreadable`;
        for (const attempt of [1, 2]) {
          const response = await fetch(address);
          const page = visibleText(await response.text());
          expect(page).toContain("The feedback could not be loaded just now.");
          expect(page).toContain("Give your Feedback");
          // Not kept for the next visitor: a page that shows less than usual is rendered again.
          expect(response.headers.get("x-page-cache"), `request ${attempt}`).toBeNull();
          // Time for a page to be kept (it is compressed first) before asking again.
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      } finally {
        await site.db.schema.alterTable("feedback_posts_away").renameTo("feedback_posts").execute();
      }
      expect(visibleText(await (await fetch(`${site.server.url}/feedback?while=unreadable`)).text())).toContain("Learner 99999");
    });
  });
});

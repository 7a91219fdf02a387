import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredBrowser } from "../setup/accounts.ts";
import { startBooksServiceStandIn, volume } from "../setup/books-service-stand-in.ts";
import { engines } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { insertLibraryFixtures } from "../setup/library-fixtures.ts";
import { siteForTests } from "../setup/server.ts";
import { until } from "../setup/waiting.ts";

/** The cards of one area of the page ("found" or "suggested"), as their headings in order. */
function cardTitles(html: string, area: "found" | "suggested"): string[] {
  return [...html.matchAll(new RegExp(`<h3 id="${area}-\\d+"[^>]*>([\\s\\S]*?)</h3>`, "g"))].map((match) => visibleText(match[1]!).trim());
}

/**
 * Whether the HTML holds a `<tag>` with these attributes (in any order, as React writes them),
 * and, when given, exactly this inner text.
 */
function hasTag(html: string, tag: string, attributes: Record<string, string>, inner?: string): boolean {
  for (const match of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([^<]*)`, "g"))) {
    const found = new Map([...match[1]!.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [name!, value ?? ""]));
    if (Object.entries(attributes).every(([name, value]) => found.get(name) === value) && (inner === undefined || match[2] === inner))
      return true;
  }
  return false;
}

/** The HTML of one card, found by its title. */
function cardHtml(html: string, title: string): string {
  const cards = html.split("<article").slice(1);
  const card = cards.find((part) => part.includes(`>${title}</h3>`));
  if (!card) throw new Error(`no card titled ${title}`);
  return card.slice(0, card.indexOf("</article>"));
}

describe.each(engines)("the E-Library's filters on %s, with the built-in catalogue", (engine) => {
  const site = siteForTests({}, engine);

  it("offers only filters that change a result: all its books are free and in English", async () => {
    const html = await (await fetch(`${site.server.url}/library?q=java`)).text();
    expect(cardTitles(html, "found").length).toBeGreaterThan(0);
    expect(visibleText(html)).not.toContain("Free e-books only");
    expect(html).not.toContain('name="language"');
    expect(html).toContain('name="subject"');
    // A shared link's filter is still shown, to be unticked.
    expect(visibleText(await (await fetch(`${site.server.url}/library?q=java&free=1`)).text())).toContain("Free e-books only");
  });

  it.each([
    ["algoritms", "algorithms", /algorithms/i],
    ["progamming", "programming", /programming/i],
    ["data strucutres", "data structures", /data structures/i],
  ])("finds what a search with a typo meant: %s → %s", async (typed, meant, title) => {
    const html = await (await fetch(`${site.server.url}/library?q=${encodeURIComponent(typed)}`)).text();
    const titles = cardTitles(html, "found");
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.some((found) => title.test(found))).toBe(true);
    const text = visibleText(html);
    expect(text).toContain(`No books matched “${typed}”`);
    expect(text).toContain(`Did you mean ${meant}?`);
    expect(html).toContain(`href="/library?q=${encodeURIComponent(meant).replaceAll("%20", "+")}"`);
  });

  it("leaves a search that finds nothing near alone", async () => {
    const text = visibleText(await (await fetch(`${site.server.url}/library?q=zzqqxxjj`)).text());
    expect(text).toContain("No books matched “zzqqxxjj”. Try other words or fewer filters.");
    expect(text).not.toContain("Did you mean");
  });
});

describe.each(engines)("the E-Library on %s", (engine) => {
  const site = siteForTests({ TRUST_PROXY: "1" }, engine);
  beforeAll(() => insertLibraryFixtures(site.db));

  const page = async (query: string) => {
    const response = await fetch(`${site.server.url}/library${query}`);
    const html = await response.text();
    return { status: response.status, html, text: visibleText(html), response };
  };

  describe("searching the catalogue", () => {
    it("shows the form, an empty 'your Books' area and the 10 suggested books priced in rupees before any search", async () => {
      const { status, html, text, response } = await page("");
      expect(status).toBe(200);
      expect(hasTag(html, "form", { method: "get", action: "/library", role: "search" })).toBe(true);
      expect(hasTag(html, "label", { for: "library-q" }, "Search by title, author or subject")).toBe(true);
      expect(hasTag(html, "input", { id: "library-q", name: "q", type: "search", value: "" })).toBe(true);
      expect(hasTag(html, "button", { type: "submit" }, "Search")).toBe(true);
      expect(text).toContain("your Books");
      expect(cardTitles(html, "found")).toEqual([]);
      const suggested = cardTitles(html, "suggested");
      expect(suggested).toHaveLength(10);
      expect(suggested).toContain("Introduction to Algorithms");
      expect(cardHtml(html, "Head First Java")).toContain("₹950");
      for (const title of suggested) {
        const card = cardHtml(html, title);
        expect(card).toMatch(/₹[\d,]+</);
        expect(card).toMatch(/<a href="\/contact\?book=suggested:[a-z-]+" aria-label="Buy Now: [^"]+"[^>]*>Buy Now<\/a>/);
      }
      // The filters offer the catalogue's subjects and languages.
      expect(hasTag(html, "option", { value: "zorblatt" }, "Zorblatt")).toBe(true);
      expect(hasTag(html, "option", { value: "fr" }, "French")).toBe(true);
      // Covers are drawn: no picture from another site, so the page's policy stays strict.
      expect(response.headers.get("content-security-policy")).toContain("img-src 'self' data:;");
    });

    it("ranks a title match above an author match above a subject match", async () => {
      const { status, html } = await page("?q=quillmarsh");
      expect(status).toBe(200);
      expect(cardTitles(html, "found")).toEqual(["The Quillmarsh handbook", "Collected essays", "Notes on networks"]);
    });

    it("finds a word from its first letters, in any case and with or without accents", async () => {
      expect(cardTitles((await page("?q=jav")).html, "found")).toEqual(["Thinking in Java"]);
      expect(cardTitles((await page("?q=THINKING+IN+JAVA")).html, "found")).toEqual(["Thinking in Java"]);
      expect(cardTitles((await page("?q=algebre")).html, "found")).toEqual(["Algèbre linéaire"]);
      expect(cardTitles((await page(`?q=${encodeURIComponent("ALGÈBRE")}`)).html, "found")).toEqual(["Algèbre linéaire"]);
      expect(cardTitles((await page("?q=elise+cote")).html, "found")).toEqual(["Algèbre linéaire"]);
    });

    it("lists books with the whole word first, as 'java' lists Java books before JavaScript ones", async () => {
      expect(cardTitles((await page("?q=krelvin")).html, "found")).toEqual([
        "A Practical Introduction to Krelvin for Working Engineers",
        "Krelvinscript Guide",
      ]);
    });

    it("says 'Read online' for a free book read on its own site, 'Download Pdf' only for a PDF", async () => {
      const web = cardHtml((await page("?q=quorvane")).html, "Quorvane field guide");
      expect(web).toMatch(/aria-label="Read online: Quorvane field guide"[^>]*>Read online<\/a>/);
      expect(web).not.toContain("Download Pdf");
    });

    it("shows each card by its rules: a free book's Download Pdf or 'Not Available ', else its price and Buy Now", async () => {
      const { html } = await page("?q=zorblatt");
      const titles = cardTitles(html, "found");
      expect(titles).not.toContain("Zorblatt secrets");
      expect(titles).toHaveLength(5);

      const free = cardHtml(html, "Zorblatt for everyone");
      expect(free).toMatch(
        /<a href="https:\/\/books\.example\.org\/zorblatt\.pdf" rel="noopener noreferrer" aria-label="Download Pdf: Zorblatt for everyone"[^>]*>Download Pdf<\/a>/,
      );
      expect(free).not.toContain("Buy Now");

      const noLink = cardHtml(html, "Zorblatt without a copy");
      expect(noLink).toContain(">Not Available </span>");
      expect(noLink).not.toContain("Download Pdf");

      const rupees = cardHtml(html, "Zorblatt deluxe");
      expect(visibleText(rupees)).toContain("₹1,299Buy Now");
      expect(rupees).toMatch(
        /<a href="https:\/\/shop\.example\.org\/zorblatt" rel="noopener noreferrer" aria-label="Buy Now: Zorblatt deluxe"/,
      );
      expect(rupees).not.toContain("Download Pdf");

      // Any currency, as written in India ("$" is the US dollar there).
      expect(visibleText(cardHtml(html, "Zorblatt abroad"))).toContain("$12.50Buy Now");
      const java = visibleText(cardHtml((await page("?q=java")).html, "Thinking in Java"));
      expect(java).toContain("Bruce Eckel");
      expect(java).toContain("1150 pages");
    });

    it("shows markup in titles and in the search text as text", async () => {
      // PostgreSQL's parser drops tag-like words from its index, so the search names the other words.
      const title = await page("?q=zorblatt+sons");
      expect(cardTitles(title.html, "found")).toEqual(["Zorblatt <script>alert(1)</script> & sons"]);
      expect(title.html).not.toContain("<script>alert(1)");
      const typed = await page(`?q=${encodeURIComponent("<script>alert(1)</script>")}`);
      expect(typed.html).not.toContain("<script>alert(1)");
      expect(typed.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    });

    it("filters by free e-books, subject and language", async () => {
      expect(cardTitles((await page("?q=zorblatt&free=1")).html, "found").sort()).toEqual([
        "Zorblatt <script>alert(1)</script> & sons",
        "Zorblatt for everyone",
        "Zorblatt without a copy",
      ]);
      expect(cardTitles((await page("?q=zorblatt&subject=databases")).html, "found")).toEqual(["Zorblatt deluxe"]);
      expect(cardTitles((await page("?q=zorblatt&subject=Databases")).html, "found")).toEqual(["Zorblatt deluxe"]);
      expect(cardTitles((await page("?q=zorblatt&language=de")).html, "found")).toEqual(["Zorblatt abroad"]);
      // The form shows the filters as they were chosen.
      const { html } = await page("?q=zorblatt&free=1&language=de");
      expect(hasTag(html, "input", { type: "checkbox", name: "free", value: "1", checked: "" })).toBe(true);
      expect(hasTag(html, "option", { value: "de", selected: "" }, "German")).toBe(true);
    });

    it("gives 40 books a page and a 'More results' link that keeps the search and its filters", async () => {
      const first = await page("?q=vexillon&language=en");
      const titles = cardTitles(first.html, "found");
      expect(titles).toHaveLength(40);
      expect(titles[0]).toBe("Vexillon volume 01");
      const more = /<a [^>]*href="([^"]+)"[^>]*>More results<\/a>/.exec(first.html);
      expect(more?.[1]).toBe("/library?q=vexillon&amp;language=en&amp;page=2");
      const second = await page("?q=vexillon&language=en&page=2");
      expect(cardTitles(second.html, "found")).toEqual([
        "Vexillon volume 41",
        "Vexillon volume 42",
        "Vexillon volume 43",
        "Vexillon volume 44",
        "Vexillon volume 45",
      ]);
      expect(second.html).not.toContain("More results");
      expect(second.html).toContain("<title>vexillon (page 2) – E-Library search | eLEARNING</title>");
    });

    it("says so when nothing matched, and names the search in the page title", async () => {
      const { status, html, text } = await page("?q=nothing+like+this+zzqx");
      expect(status).toBe(200);
      expect(cardTitles(html, "found")).toEqual([]);
      expect(html).toMatch(/<p role="status"[^>]*>No books matched “nothing like this zzqx”\. Try other words or fewer filters\.<\/p>/);
      expect(html).toContain("<title>nothing like this zzqx – E-Library search | eLEARNING</title>");
      expect(text).toContain("Suggested Books");
    });

    it("treats search operators and odd characters as text", async () => {
      for (const q of ['"', "NEAR(", "java*", "-java", "title:java", "(java", "^", "java OR", "'; drop table books; --", "\u0007java"]) {
        const { status } = await page(`?q=${encodeURIComponent(q)}`);
        expect(status, q).toBe(200);
      }
      expect(cardTitles((await page(`?q=${encodeURIComponent('"java"*')}`)).html, "found")).toEqual(["Thinking in Java"]);
    });

    const long = "x".repeat(201);
    it.each([
      ["an empty search", "?q=", "Please type a few words of a title, an author or a subject, then press Search."],
      ["a search of spaces", "?q=+++", "Please type a few words of a title, an author or a subject, then press Search."],
      ["a search of 201 characters", `?q=${long}`, "Your search can be at most 200 characters long. Please shorten it."],
      ["page 0", "?q=java&page=0", "The page must be a whole number from 1 to 25."],
      ["page 26", "?q=java&page=26", "Results go up to page 25. Please add a word or a filter to narrow your search."],
      ["page abc", "?q=java&page=abc", "The page must be a whole number from 1 to 25."],
      ["page 1.5", "?q=java&page=1.5", "The page must be a whole number from 1 to 25."],
      ["a language that is no code", "?q=java&language=english", "Please choose a language from the list."],
      ["a free filter that is neither on nor off", "?q=java&free=maybe", "The “Free e-books only” filter can only be on or off."],
      ["a subject of 201 characters", `?q=java&subject=${long}`, "Please choose a subject from the list."],
    ])("refuses %s with 400 and says why, running no search", async (_, query, message) => {
      const { status, html, text } = await page(query);
      expect(status).toBe(400);
      expect(text).toContain(message);
      expect(html).toMatch(/<p id="library-q-problem" role="alert"/);
      expect(hasTag(html, "input", { id: "library-q", "aria-invalid": "true", "aria-describedby": "library-q-problem" })).toBe(true);
      expect(cardTitles(html, "found")).toEqual([]);
      expect(cardTitles(html, "suggested")).toHaveLength(10);
      expect(html).toContain("<title>E-Library: please check your search | eLEARNING</title>");
    });
  });

  describe("the reading list", () => {
    const rows = (sub?: string) => {
      let query = site.db.selectFrom("reading_list").selectAll();
      if (sub) query = query.where("user_sub", "=", sub);
      return query.execute();
    };
    const subOf = async (browser: TestBrowser) => {
      const profile = await (await browser.request("/profile")).text();
      return /User Id<\/dt><dd[^>]*>([^<]+)<\/dd>/.exec(profile)![1]!;
    };
    const post = (browser: TestBrowser, fields: Record<string, string>) =>
      browser.postForm("/library", { return_to: "/library?q=zorblatt", ...fields });

    it("shows visitors a sign-in link instead of Save, and sends a visitor's post to sign in, storing nothing", async () => {
      const visitor = new TestBrowser(site.server.url, "198.51.100.40");
      const html = await (await visitor.request("/library?q=zorblatt")).text();
      expect(html).not.toMatch(/>Save<span/);
      expect(hasTag(html, "a", { href: "/signin?return_to=%2Flibrary%3Fq%3Dzorblatt" }, "Sign in")).toBe(true);
      const before = (await rows()).length;
      const response = await post(visitor, { intent: "save", book: "fixture:zorblatt-free" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/signin?return_to=%2Flibrary%3Fq%3Dzorblatt");
      expect((await rows()).length).toBe(before);
    });

    it("saves a book as the server knows it, shows it on the page and in the profile, and removes it", async () => {
      const { browser } = await registeredBrowser(site.server.url);
      const sub = await subOf(browser);
      const saved = await post(browser, { intent: "save", book: "fixture:zorblatt-inr", title: "Forged title", price: "1" });
      expect(saved.status).toBe(303);
      expect(saved.headers.get("location")).toBe("/library?q=zorblatt&list=saved");
      const [row] = await rows(sub);
      expect(row!.book_id).toBe("fixture:zorblatt-inr");
      // The snapshot is the catalogue's card; nothing else the form sent.
      expect(JSON.parse(row!.book)).toMatchObject({
        title: "Zorblatt deluxe",
        price: { amount: 1299, currencyCode: "INR" },
        buyLink: "https://shop.example.org/zorblatt",
      });

      const html = await (await browser.request("/library?q=zorblatt&list=saved")).text();
      expect(html).toMatch(/<p role="status"[^>]*>The book was saved to your reading list\.<\/p>/);
      expect(visibleText(html)).toMatch(/My reading list ZD Zorblatt deluxe Buy Now \(₹1,299\): Zorblatt deluxe Remove/);
      expect(visibleText(cardHtml(html, "Zorblatt deluxe"))).toContain("Remove Zorblatt deluxe from your reading list");
      expect(visibleText(cardHtml(html, "Zorblatt for everyone"))).toContain("Save Zorblatt for everyone to your reading list");
      // The list's own links carry no one-time message.
      expect(html).toContain('name="return_to" value="/library?q=zorblatt"');

      const profile = visibleText(await (await browser.request("/profile")).text());
      expect(profile).toContain("My reading list");
      expect(profile).toContain("Zorblatt deluxe");

      // Saving again keeps one entry; a suggested book can be saved too.
      expect((await post(browser, { intent: "save", book: "fixture:zorblatt-inr" })).status).toBe(303);
      expect((await post(browser, { intent: "save", book: "suggested:effective-java" })).status).toBe(303);
      expect((await rows(sub)).map((r) => r.book_id).sort()).toEqual(["fixture:zorblatt-inr", "suggested:effective-java"]);

      const removed = await browser.postForm("/library", { intent: "remove", book: "fixture:zorblatt-inr", return_to: "/profile" });
      expect(removed.status).toBe(303);
      expect(removed.headers.get("location")).toBe("/profile?list=removed");
      expect((await rows(sub)).map((r) => r.book_id)).toEqual(["suggested:effective-java"]);
    });

    it.each([
      [
        "a book that does not exist",
        { intent: "save", book: "fixture:no-such-book" },
        404,
        "That book is not in the library (any more), so it could not be saved.",
      ],
      [
        "a book that is not for sale",
        { intent: "save", book: "fixture:hidden" },
        404,
        "That book is not in the library (any more), so it could not be saved.",
      ],
      [
        "a book of the books service when it is not configured",
        { intent: "save", book: "google:abc123" },
        404,
        "That book is not in the library (any more)",
      ],
      ["a malformed book id", { intent: "save", book: "<script>" }, 400, "That book id is not one of ours."],
      ["no book id", { intent: "save" }, 400, "Please choose a book."],
      ["an unknown intent", { intent: "destroy", book: "fixture:java" }, 400, "Please use the Save or Remove button."],
    ])("refuses %s with a message and stores nothing", async (_, fields, status, message) => {
      const { browser } = await registeredBrowser(site.server.url);
      const sub = await subOf(browser);
      const response = await post(browser, fields as Record<string, string>);
      expect(response.status).toBe(status);
      expect(visibleText(await response.text())).toContain(message);
      expect(await rows(sub)).toEqual([]);
    });

    it("refuses a 201st book with 400 and keeps the list as it was", async () => {
      const { browser } = await registeredBrowser(site.server.url);
      const sub = await subOf(browser);
      const entries = Array.from({ length: 200 }, (_, i) => ({
        user_sub: sub,
        book_id: `fixture:filler-${i}`,
        book: JSON.stringify({ id: `fixture:filler-${i}`, title: `Filler ${i}` }),
        added_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      }));
      await site.db.insertInto("reading_list").values(entries).execute();
      const response = await post(browser, { intent: "save", book: "fixture:java" });
      expect(response.status).toBe(400);
      expect(visibleText(await response.text())).toContain(
        "Your reading list is full: it keeps up to 200 books. Please remove a book before saving another.",
      );
      expect((await rows(sub)).length).toBe(200);
      // Room again after a removal.
      await post(browser, { intent: "remove", book: "fixture:filler-0" });
      expect((await post(browser, { intent: "save", book: "fixture:java" })).status).toBe(303);
    });

    it("goes back only to its own pages, and refuses a post from another site", async () => {
      const { browser } = await registeredBrowser(site.server.url);
      const sub = await subOf(browser);
      for (const target of [
        "https://evil.example/library",
        "//evil.example/library",
        "/\\evil.example",
        "/feedback",
        "javascript:alert(1)",
      ]) {
        const response = await browser.postForm("/library", { intent: "remove", book: "fixture:java", return_to: target });
        expect(response.headers.get("location"), target).toBe("/library?list=removed");
      }
      const crossSite = await browser.request("/library", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
        body: new URLSearchParams({ intent: "save", book: "fixture:java", return_to: "/library" }),
      });
      expect(crossSite.status).toBe(403);
      expect(await rows(sub)).toEqual([]);
    });
  });

  it("starts the contact form with an order for a suggested book, and ignores unknown ids", async () => {
    const order = await (await fetch(`${site.server.url}/contact?book=suggested:effective-java`)).text();
    expect(order).toMatch(
      /<textarea[^>]*name="message"[^>]*>I would like to order &quot;Effective Java&quot; by Joshua Bloch \(₹799\) from the college bookshop\./,
    );
    const unknown = await (await fetch(`${site.server.url}/contact?book=fixture:java`)).text();
    expect(unknown).toMatch(/<textarea[^>]*name="message"[^>]*><\/textarea>/);
  });
});

describe.each(engines)("the E-Library with the public books service on %s", (engine) => {
  const apiKey = `stand-in-key-${Math.random().toString(36).slice(2)}`;
  const many = Array.from({ length: 45 }, (_, i) => volume(`many${i}`, { title: `Many ${i}` }));
  const known = { unseen1: volume("unseen1", { title: "Found by id", saleability: "FREE" }) };
  const volumesFor = (q: string) => {
    if (q.startsWith("many")) return many;
    if (q.startsWith("nothing")) return [];
    return [
      volume("free1", { title: `Free ${q}`, saleability: "FREE" }),
      volume("sale1", { title: `For sale ${q}` }),
      volume("gone1", { title: `Not for sale ${q}`, saleability: "NOT_FOR_SALE" }),
      volume("elsewhere1", {
        title: `Cover elsewhere ${q}`,
        volumeInfo: { title: `Cover elsewhere ${q}`, imageLinks: { smallThumbnail: "https://images.example.org/cover.jpg" } },
      }),
    ];
  };

  // The site is told the stand-in's address once it listens (siteForTests reads env in its own beforeAll, after this one).
  const env: Record<string, string> = { TRUST_PROXY: "1", GOOGLE_BOOKS_API_KEY: apiKey, GOOGLE_BOOKS_TIMEOUT_MS: "300" };
  let standIn: Awaited<ReturnType<typeof startBooksServiceStandIn>>;
  beforeAll(async () => {
    standIn = await startBooksServiceStandIn(volumesFor, known);
    env.GOOGLE_BOOKS_URL = standIn.url;
  });
  afterAll(() => standIn?.close());
  const site = siteForTests(env, engine);
  beforeAll(() => insertLibraryFixtures(site.db));
  const pages: string[] = [];
  const page = async (query: string, browser?: TestBrowser) => {
    const response = browser ? await browser.request(`/library${query}`) : await fetch(`${site.server.url}/library${query}`);
    const html = await response.text();
    pages.push(html);
    return { status: response.status, html, text: visibleText(html), response };
  };
  const searches = () => standIn.requests.filter((url) => url.pathname === "/volumes");

  it("asks the service from the server with the query encoded, the key and 40 results, and shows its books", async () => {
    const q = "c++ & java/ü ?";
    const { status, html, response } = await page(`?q=${encodeURIComponent(q)}`);
    expect(status).toBe(200);
    const asked = searches().at(-1)!;
    expect(asked.searchParams.get("q")).toBe(q);
    expect(asked.searchParams.get("key")).toBe(apiKey);
    expect(asked.searchParams.get("maxResults")).toBe("40");
    expect(asked.searchParams.get("startIndex")).toBe("0");
    expect(asked.search).toContain("q=c%2B%2B+%26+java%2F%C3%BC+%3F");

    // NOT_FOR_SALE is dropped; each card follows the spec's rules from the service's fields.
    expect(cardTitles(html, "found")).toEqual([`Free ${q}`, `For sale ${q}`, `Cover elsewhere ${q}`]);
    expect(cardHtml(html, `Free ${q}`.replaceAll("&", "&amp;"))).toMatch(
      /<a href="https:\/\/books\.google\.com\/books\/download\/free1\.pdf"[^>]*>Download Pdf<\/a>/,
    );
    const sale = cardHtml(html, `For sale ${q}`.replaceAll("&", "&amp;"));
    expect(visibleText(sale)).toContain("Stand-in Author 120 pages $12.50Buy Now");
    // Covers from the service's own picture host, over HTTPS; any other host gets a drawn cover.
    expect(sale).toContain('<img src="https://books.google.com/books/content?id=sale1&amp;img=1" alt=""');
    expect(cardHtml(html, `Cover elsewhere ${q}`.replaceAll("&", "&amp;"))).toContain('data-cover="drawn"');
    expect(response.headers.get("content-security-policy")).toContain(
      "img-src 'self' data: https://books.google.com https://*.googleusercontent.com;",
    );
    expect((await fetch(`${site.server.url}/`)).headers.get("content-security-policy")).toContain("img-src 'self' data:;");
  });

  it("maps the filters and pages to the service's parameters", async () => {
    await page("?q=filtered&free=1&language=ta&subject=databases&page=3");
    const asked = searches().at(-1)!;
    expect(asked.searchParams.get("q")).toBe('filtered subject:"databases"');
    expect(asked.searchParams.get("filter")).toBe("free-ebooks");
    expect(asked.searchParams.get("langRestrict")).toBe("ta");
    expect(asked.searchParams.get("startIndex")).toBe("80");
  });

  it("shows 40 at most, with More results, and keeps answers for 10 minutes", async () => {
    const before = searches().length;
    const first = await page("?q=many");
    expect(cardTitles(first.html, "found")).toHaveLength(40);
    expect(first.html).toContain('href="/library?q=many&amp;page=2"');
    await page("?q=many");
    expect(searches().length).toBe(before + 1);
    expect(cardTitles((await page("?q=many&page=2")).html, "found")).toEqual(["Many 40", "Many 41", "Many 42", "Many 43", "Many 44"]);
  });

  it("says nothing matched when the service has no items, with no failure notice", async () => {
    const { status, html, text } = await page("?q=nothing+here");
    expect(status).toBe(200);
    expect(cardTitles(html, "found")).toEqual([]);
    expect(text).toContain("No books matched “nothing here”.");
    expect(text).not.toContain("did not answer");
  });

  it.each([
    ["does not answer in time", "slow", "no answer within 300 ms"],
    ["answers 500", "error", "answered 500"],
    ["answers malformed JSON", "malformed", "answered with malformed JSON"],
    ["answers JSON of another shape", "wrong-shape", "answered with something other than a list of volumes"],
    ["answers with a redirect", "redirect", "answered with a redirect (302), which is not followed"],
  ] as const)("falls back to the catalogue with a notice when the service %s", async (_, behaviour, reason) => {
    standIn.behave(behaviour);
    try {
      // The slow stand-in answers an empty list after 1.5 s: a page that waited for it would show no notice.
      const { status, html, text } = await page("?q=zorblatt+deluxe");
      expect(status).toBe(200);
      expect(text).toContain("The public books service did not answer; showing the college catalogue instead.");
      expect(cardTitles(html, "found")).toEqual(["Zorblatt deluxe"]);
      // The worker's log comes through a pipe, the page through a socket: either may arrive first.
      const loggedLine = () => site.server.logs.find((line) => line.reason === reason);
      await until(() => loggedLine() !== undefined, `the log line saying the service ${reason}`, 5_000);
      const logged = loggedLine();
      expect(logged).toMatchObject({ msg: "books service failed while searching", level: 40 });
      expect(String(logged!.address)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/volumes\?q=zorblatt\+deluxe&maxResults=40&startIndex=0$/);
    } finally {
      standIn.behave("answer");
    }
    // The redirect's target was never asked for.
    expect(standIn.requests.some((url) => url.pathname === "/elsewhere")).toBe(false);
  });

  it("saves a book of the service from its last answer, or asks the service for it by id", async () => {
    const { browser } = await registeredBrowser(site.server.url);
    await page("?q=savable", browser);
    const before = standIn.requests.length;
    const fromAnswer = await browser.postForm("/library", { intent: "save", book: "google:sale1", return_to: "/library?q=savable" });
    expect(fromAnswer.status).toBe(303);
    expect(standIn.requests.length).toBe(before);
    const byId = await browser.postForm("/library", { intent: "save", book: "google:unseen1", return_to: "/library" });
    expect(byId.status).toBe(303);
    expect(standIn.requests.at(-1)!.pathname).toBe("/volumes/unseen1");
    expect(standIn.requests.at(-1)!.searchParams.get("key")).toBe(apiKey);
    const unknown = await browser.postForm("/library", { intent: "save", book: "google:nosuch", return_to: "/library" });
    expect(unknown.status).toBe(404);
    const { html } = await page("", browser);
    expect(visibleText(html)).toMatch(
      /My reading list FB Found by id Stand-in Author Download Pdf: Found by id Remove .* For sale savable/,
    );
  });

  it("never puts the key in a page, a link or a log line", async () => {
    expect(pages.length).toBeGreaterThan(10);
    for (const html of pages) expect(html).not.toContain(apiKey);
    expect(site.server.logs.length).toBeGreaterThan(10);
    for (const line of site.server.logs) expect(JSON.stringify(line)).not.toContain(apiKey);
  });
});

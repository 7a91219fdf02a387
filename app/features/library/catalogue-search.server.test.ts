import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import type { BookQuery } from "./book.ts";
import { catalogueProvider, filterChoices } from "./catalogue-search.server.ts";
import { catalogueRecordSchema, type CatalogueRecordInput } from "./catalogue-record.ts";
import { upsertCatalogueRecords } from "./catalogue-store.server.ts";
import { searchWords, sqliteMatchExpression, postgresQueryParts } from "./search-terms.server.ts";

const record = (sourceId: string, input: Partial<CatalogueRecordInput>) =>
  catalogueRecordSchema.parse({ source: "test", sourceId, title: `Book ${sourceId}`, ...input });

/** Words no real catalogue holds, so the seed or other tests cannot change what these find. */
const fixtures = [
  // The same word in the title, the authors or the subjects of three books.
  record("in-subject", { title: "Notes on networks", subjects: ["Quillmarsh studies"] }),
  record("in-author", { title: "Collected essays", authors: ["Ada Quillmarsh"] }),
  record("in-title", { title: "The Quillmarsh handbook" }),
  record("java", { title: "Thinking in Java", authors: ["Bruce Eckel"], subjects: ["Java (Computer program language)"] }),
  // Two books whose titles start with the same letters: a whole word outranks the start of a longer one.
  // The longer title has the whole word: by length alone (bm25) the shorter would come first.
  record("krelvin-script", { title: "Krelvinscript Guide" }),
  record("krelvin", { title: "A Practical Introduction to Krelvin for Working Engineers" }),
  record("algebre", { title: "Algèbre linéaire", authors: ["Élise Côté"], language: "fr", subjects: ["Mathématiques"] }),
  record("hidden", { title: "Zorblatt secrets", notForSale: true }),
  record("zorblatt-free", {
    title: "Zorblatt for everyone",
    downloadUrl: "https://books.example.org/zorblatt.pdf",
    subjects: ["Zorblatt"],
  }),
  record("zorblatt-sale", {
    title: "Zorblatt deluxe",
    price: { amount: 499, currency: "INR" },
    buyUrl: "https://shop.example.org/zorblatt",
    subjects: ["Zorblatt", "Databases"],
  }),
  record("zorblatt-tamil", { title: "Zorblatt கணினி", language: "ta" }),
  // 45 books of one series, for paging.
  ...Array.from({ length: 45 }, (_, i) => record(`series-${i}`, { title: `Vexillon volume ${String(i + 1).padStart(2, "0")}` })),
  // 100 books ranked alike, stored in reverse title order, every tenth not for sale.
  ...Array.from({ length: 100 }, (_, i) =>
    record(`tie-${99 - i}`, { title: `Ternwick part ${String(99 - i).padStart(2, "0")}`, notForSale: (99 - i) % 10 === 0 }),
  ),
];

const query = (text: string, more: Partial<BookQuery> = {}): BookQuery => ({
  text,
  freeOnly: false,
  subject: null,
  language: null,
  page: 1,
  ...more,
});

describe("search words", () => {
  it("keeps letters, digits and marks and drops every operator of both engines", () => {
    expect(searchWords(`  "java" AND (c++ OR -rust) title:web^2 NEAR/3 *x* `)).toEqual([
      "java",
      "AND",
      "c",
      "OR",
      "rust",
      "title",
      "web",
      "2",
      "NEAR",
      "3",
      "x",
    ]);
    expect(sqliteMatchExpression("data struc")).toBe('"data" AND ("struc" OR "struc"*)');
    expect(sqliteMatchExpression(`"*:()^-`)).toBeNull();
    expect(postgresQueryParts("Algèbre Linéaire")).toEqual({ words: "algebre", prefix: "lineaire:*", all: "algebre lineaire" });
  });
});

describe.each(engines)("the catalogue search on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let search: (text: string, more?: Partial<BookQuery>) => Promise<{ ids: string[]; hasMore: boolean }>;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    await upsertCatalogueRecords(handle.db, fixtures);
    const provider = catalogueProvider(handle.db);
    search = async (text, more) => {
      const page = await provider.search(query(text, more));
      return { ids: page.books.map((book) => book.id), hasMore: page.hasMore };
    };
  });
  afterAll(() => handle?.close());

  it("ranks a title match above an author match above a subject match", async () => {
    expect((await search("quillmarsh")).ids).toEqual(["test:in-title", "test:in-author", "test:in-subject"]);
  });

  it("ranks a title with the word whole above one where it starts a longer word", async () => {
    expect((await search("krelvin")).ids).toEqual(["test:krelvin", "test:krelvin-script"]);
    expect((await search("practical krelvin")).ids).toEqual(["test:krelvin"]);
    expect((await search("krelv")).ids).toHaveLength(2);
  });

  it("finds words by their start, in any letter case", async () => {
    expect((await search("jav")).ids).toEqual(["test:java"]);
    expect((await search("THINKING IN JAVA")).ids).toEqual(["test:java"]);
    expect((await search("eckel thinking")).ids).toEqual(["test:java"]);
  });

  it("folds accents both ways", async () => {
    expect((await search("algebre")).ids).toEqual(["test:algebre"]);
    expect((await search("Algèbre")).ids).toEqual(["test:algebre"]);
    expect((await search("elise cote")).ids).toEqual(["test:algebre"]);
    expect((await search("ALGÈBRE LINÉAIRE")).ids).toEqual(["test:algebre"]);
  });

  it("finds words of other scripts", async () => {
    expect((await search("கணினி")).ids).toEqual(["test:zorblatt-tamil"]);
  });

  it("never returns a book that is not for sale", async () => {
    const { ids } = await search("zorblatt");
    expect(ids).not.toContain("test:hidden");
    expect(ids).toHaveLength(3);
  });

  it("filters by free books, subject and language", async () => {
    expect((await search("zorblatt", { freeOnly: true })).ids.sort()).toEqual(["test:zorblatt-free", "test:zorblatt-tamil"]);
    expect((await search("zorblatt", { subject: "databases" })).ids).toEqual(["test:zorblatt-sale"]);
    expect((await search("zorblatt", { language: "ta" })).ids).toEqual(["test:zorblatt-tamil"]);
    expect((await search("zorblatt", { language: "de" })).ids).toEqual([]);
  });

  it("gives 40 a page in a stable order, and says when there are more", async () => {
    const first = await search("vexillon");
    expect(first.ids).toHaveLength(40);
    expect(first.hasMore).toBe(true);
    const second = await search("vexillon", { page: 2 });
    expect(second.ids).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    // Equal ranks fall back to the title: the whole series in order, none twice.
    expect([...first.ids, ...second.ids]).toEqual(Array.from({ length: 45 }, (_, i) => `test:series-${i}`));
    expect((await search("vexillon", { page: 3 })).ids).toEqual([]);
  });

  it("keeps books ranked alike in title order across pages, however many share the rank", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => search("ternwick", { page })));
    expect(pages.map((page) => page.ids.length)).toEqual([40, 40, 10]);
    const expected = Array.from({ length: 100 }, (_, i) => i)
      .filter((i) => i % 10 !== 0)
      .map((i) => `test:tie-${i}`);
    expect(pages.flatMap((page) => page.ids)).toEqual(expected);
    expect((await search("ternwick", { page: 2, freeOnly: true })).ids).toEqual(expected.slice(40, 80));
  });

  it("turns catalogue rows into the page's cards", async () => {
    const provider = catalogueProvider(handle.db);
    expect(await provider.find("test:zorblatt-sale")).toEqual({
      id: "test:zorblatt-sale",
      title: "Zorblatt deluxe",
      authors: [],
      pageCount: null,
      thumbnail: null,
      saleability: "FOR_SALE",
      price: { amount: 499, currencyCode: "INR" },
      downloadLink: null,
      buyLink: "https://shop.example.org/zorblatt",
      infoLink: null,
    });
    expect(await provider.find("test:zorblatt-free")).toMatchObject({
      saleability: "FREE",
      downloadLink: "https://books.example.org/zorblatt.pdf",
      price: null,
    });
    expect(await provider.find("test:hidden")).toBeNull();
  });

  it("lists the common subjects and the languages present", async () => {
    const choices = await filterChoices(handle.db);
    expect(choices.subjects[0]).toBe("zorblatt");
    expect(choices.subjects).toContain("databases");
    expect(choices.languages).toEqual(["en", "fr", "ta"]);
    expect(choices.freeAndForSale).toBe(true);
  });

  it("answers any text without an error, operators and all", async () => {
    const operatorish = fc.constantFrom(
      '"',
      "'",
      "*",
      ":",
      "^",
      "-",
      "(",
      ")",
      "NEAR",
      "NEAR/2",
      "AND",
      "OR",
      "NOT",
      "&",
      "|",
      "!",
      "<->",
      ":*",
      "\\",
      "{",
      "}",
      "+",
      "title:",
      " ",
      "\u0000",
      "é",
      "\u0301",
      "𝔘",
    );
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.array(fc.oneof(operatorish, fc.constantFrom("java", "zorblatt", "x")), { maxLength: 12 }).map((parts) => parts.join("")),
    );
    await fc.assert(
      fc.asyncProperty(text, fc.boolean(), async (typed, freeOnly) => {
        const { ids } = await search(typed.replaceAll("\u0000", ""), { freeOnly });
        expect(ids).not.toContain("test:hidden");
      }),
      { numRuns: 300 },
    );
  });
});

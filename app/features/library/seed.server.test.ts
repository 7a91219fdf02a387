import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { libraryCatalogue } from "#app/content/seeds/library-catalogue.ts";
import { createTestDatabase, engines, openTestDatabase } from "#tests/setup/databases.ts";
import { migrateToLatest } from "#app/lib/db/migrate.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { catalogueRecordSchema, type CatalogueRecordInput } from "./catalogue-record.ts";
import { upsertCatalogueRecords } from "./catalogue-store.server.ts";
import { applyCatalogueSeed, CatalogueSeedError, parseCatalogueSeed } from "./seed.server.ts";

const entry = (sourceId: string, input: Partial<CatalogueRecordInput> = {}): CatalogueRecordInput => ({
  source: "seed",
  sourceId,
  title: `Book ${sourceId}`,
  authors: ["A. Author"],
  subjects: ["Mathematics"],
  infoUrl: `https://example.org/${sourceId}`,
  downloadUrl: `https://example.org/${sourceId}`,
  ...input,
});

describe("parseCatalogueSeed", () => {
  it("names every bad entry by its number and id, and refuses the whole seed", () => {
    const bad = [entry("fine"), entry("no-title", { title: " " }), entry("insecure", { infoUrl: "ftp://example.org/x" })];
    expect(() => parseCatalogueSeed(bad)).toThrow(CatalogueSeedError);
    expect(() => parseCatalogueSeed(bad)).toThrow(/entry 2 \(no-title\): title[\s\S]*entry 3 \(insecure\): infoUrl/);
  });
  it("refuses an entry from another source and one id used twice", () => {
    expect(() => parseCatalogueSeed([entry("x", { source: "csv" })])).toThrow(/entry 1 \(x\): source must be "seed"/);
    expect(() => parseCatalogueSeed([entry("same"), entry("same", { title: "Other" })])).toThrow(
      /entry 2 \(same\): seed:same appears twice/,
    );
  });
});

describe.each(engines)("applying the catalogue seed on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle?.close());

  const seedBooks = () =>
    handle.db.selectFrom("books").select(["id", "title", "updated_at"]).where("source", "=", "seed").orderBy("id").execute();
  /** The same database, counting the statements sent through it. */
  const counting = (db: Kysely<Database>) => {
    const counter = { queries: 0 };
    const counted = db.withPlugin({
      transformQuery: (args) => {
        counter.queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { counted, counter };
  };

  it("adds the seed's books once; a second start reads one row and changes nothing", async () => {
    const seed = [entry("one"), entry("two", { subjects: ["Logic", "Mathematics"] })];
    const first = await applyCatalogueSeed(handle.db, seed, new Date("2030-01-01T00:00:00Z"));
    expect(first).toEqual({ applied: true, added: 2, updated: 0, removed: 0, keptImported: 0 });
    const before = await seedBooks();
    expect(before.map((book) => book.id)).toEqual(["seed:one", "seed:two"]);
    const subjects = await handle.db
      .selectFrom("book_subjects")
      .select("subject")
      .where("book_id", "=", "seed:two")
      .orderBy("subject")
      .execute();
    expect(subjects).toEqual([{ subject: "logic" }, { subject: "mathematics" }]);

    const { counted, counter } = counting(handle.db);
    const second = await applyCatalogueSeed(counted, seed, new Date("2030-01-02T00:00:00Z"));
    expect(second.applied).toBe(false);
    expect(counter.queries).toBe(1);
    expect(await seedBooks()).toEqual(before);
  });

  it("updates the books when the seed changes and removes the ones it no longer lists", async () => {
    const result = await applyCatalogueSeed(handle.db, [entry("one", { title: "Book one, revised" })], new Date("2030-02-01T00:00:00Z"));
    expect(result).toEqual({ applied: true, added: 0, updated: 1, removed: 1, keptImported: 0 });
    expect(await seedBooks()).toEqual([{ id: "seed:one", title: "Book one, revised", updated_at: "2030-02-01T00:00:00.000Z" }]);
    const orphans = await handle.db.selectFrom("book_subjects").select("book_id").where("book_id", "=", "seed:two").execute();
    expect(orphans).toEqual([]);
  });

  it("never overwrites or removes a book the college imported", async () => {
    const imported = [
      catalogueRecordSchema.parse({ source: "csv", sourceId: "row-1", isbn: "0-13-110362-8", title: "The C Programming Language" }),
      catalogueRecordSchema.parse({ source: "csv", sourceId: "row-2", title: "A Library Book" }),
    ];
    await upsertCatalogueRecords(handle.db, imported, new Date("2030-03-01T00:00:00Z"));
    const before = await handle.db.selectFrom("books").selectAll().where("source", "=", "csv").orderBy("id").execute();

    // The seed lists the same ISBN under another title, and drops everything else it had.
    const result = await applyCatalogueSeed(
      handle.db,
      [entry("c-book", { isbn: "9780131103627", title: "K&R" })],
      new Date("2030-03-02T00:00:00Z"),
    );
    expect(result).toMatchObject({ applied: true, added: 0, updated: 0, keptImported: 1, removed: 1 });
    expect(await handle.db.selectFrom("books").selectAll().where("source", "=", "csv").orderBy("id").execute()).toEqual(before);
    expect(await seedBooks()).toEqual([]);
  });

  it("applies the real seed: every book once, and a restart changes nothing", async () => {
    const first = await applyCatalogueSeed(handle.db, libraryCatalogue);
    expect(first).toMatchObject({ applied: true, added: libraryCatalogue.length, updated: 0 });
    const books = await seedBooks();
    expect(books).toHaveLength(libraryCatalogue.length);
    const calculus = await handle.db.selectFrom("books").selectAll().where("id", "=", "seed:gutenberg-33283").executeTakeFirstOrThrow();
    expect(calculus).toMatchObject({
      title: "Calculus Made Easy",
      saleability: "FREE",
      price_amount: null,
      download_url: "https://www.gutenberg.org/ebooks/33283",
      info_url: "https://www.gutenberg.org/ebooks/33283",
      language: "en",
    });
    expect(JSON.parse(calculus.authors)).toEqual(["Silvanus P. Thompson"]);

    expect((await applyCatalogueSeed(handle.db, libraryCatalogue)).applied).toBe(false);
    expect(await seedBooks()).toEqual(books);
  });
});

describe.each(engines)("two instances starting at once on %s", (engine) => {
  it("both succeed and the catalogue holds each seed book once", async () => {
    const database = await createTestDatabase(engine);
    const [a, b] = [database.open(), database.open()];
    try {
      await migrateToLatest(a.db);
      const results = await Promise.all([applyCatalogueSeed(a.db, libraryCatalogue), applyCatalogueSeed(b.db, libraryCatalogue)]);
      expect(results.some((result) => result.applied)).toBe(true);
      const rows = await a.db.selectFrom("books").select("id").where("source", "=", "seed").execute();
      expect(rows).toHaveLength(libraryCatalogue.length);
      const versions = await a.db.selectFrom("seed_versions").selectAll().execute();
      expect(versions).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
      await database.drop();
    }
  });
});

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import { isPostgres } from "#app/lib/db/engine.server.ts";
import { catalogueRecordSchema, normaliseIsbn, type CatalogueRecordInput } from "./catalogue-record.ts";
import { upsertCatalogueRecords } from "./catalogue-store.server.ts";

describe("normaliseIsbn", () => {
  it("turns a valid ISBN-10 into its ISBN-13 and keeps a valid ISBN-13", () => {
    expect(normaliseIsbn("0-13-110362-8")).toBe("9780131103627");
    expect(normaliseIsbn("978-0-13-110362-7")).toBe("9780131103627");
    expect(normaliseIsbn("080442957X")).toBe("9780804429573");
  });
  it("refuses a wrong check digit or a wrong length", () => {
    expect(normaliseIsbn("0-13-110362-7")).toBeNull();
    expect(normaliseIsbn("9780131103628")).toBeNull();
    expect(normaliseIsbn("12345")).toBeNull();
  });
});

const record = (input: Partial<CatalogueRecordInput> = {}) =>
  catalogueRecordSchema.parse({ source: "csv", sourceId: "row-1", title: "The C Programming Language", ...input });

describe.each(engines)("the catalogue store on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle?.close());

  const findByWord = async (word: string) => {
    if (isPostgres(handle.db)) {
      const { rows } = await sql<{ id: string }>`select id from books where search @@ to_tsquery('english', ${word})`.execute(handle.db);
      return rows.map((row) => row.id);
    }
    const { rows } = await sql<{
      id: string;
    }>`select books.id from books_fts join books on books.rowid = books_fts.rowid where books_fts match ${word}`.execute(handle.db);
    return rows.map((row) => row.id);
  };

  it("adds a book under its ISBN, then updates it in place on a second import", async () => {
    const first = await upsertCatalogueRecords(handle.db, [
      record({ isbn: "0-13-110362-8", authors: ["Brian W. Kernighan"], subjects: ["C (Computer program language)"] }),
    ]);
    expect(first).toEqual({ added: 1, updated: 0 });
    const second = await upsertCatalogueRecords(handle.db, [
      record({ sourceId: "row-9", isbn: "9780131103627", title: "The C Programming Language, 2nd ed.", subjects: ["Programming"] }),
    ]);
    expect(second).toEqual({ added: 0, updated: 1 });
    const books = await handle.db.selectFrom("books").selectAll().where("isbn", "=", "9780131103627").execute();
    expect(books).toHaveLength(1);
    expect(books[0]).toMatchObject({ id: "isbn:9780131103627", title: "The C Programming Language, 2nd ed.", source_id: "row-9" });
    const subjects = await handle.db.selectFrom("book_subjects").select("subject").where("book_id", "=", "isbn:9780131103627").execute();
    expect(subjects).toEqual([{ subject: "programming" }]);
    // The search index follows the update: the old title word is gone, the new one found.
    expect(await findByWord("programming")).toContain("isbn:9780131103627");
    expect(await findByWord("kernighan")).not.toContain("isbn:9780131103627");
  });

  it("keys a book without an ISBN by its source id and folds accents for search", async () => {
    await upsertCatalogueRecords(handle.db, [record({ source: "gutenberg", sourceId: "17489", title: "Les Misérables", language: "fr" })]);
    await upsertCatalogueRecords(handle.db, [
      record({ source: "gutenberg", sourceId: "17489", title: "Les Misérables, tome I", language: "fr" }),
    ]);
    const rows = await handle.db.selectFrom("books").select(["id", "title"]).where("source", "=", "gutenberg").execute();
    expect(rows).toEqual([{ id: "gutenberg:17489", title: "Les Misérables, tome I" }]);
    expect(await findByWord("miserables")).toEqual(["gutenberg:17489"]);
  });

  it("stores nothing of a batch that fails", async () => {
    const before = await handle.db.selectFrom("books").select(handle.db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const broken = { ...record({ sourceId: "row-2", title: "Fine" }) };
    const invalid = { ...record({ sourceId: "row-3" }), title: null as unknown as string };
    await expect(upsertCatalogueRecords(handle.db, [broken, invalid])).rejects.toThrow();
    const after = await handle.db.selectFrom("books").select(handle.db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses an invalid ISBN, address or currency before anything is stored", () => {
    for (const bad of [{ isbn: "9780131103628" }, { downloadUrl: "javascript:alert(1)" }, { price: { amount: 10, currency: "rupees" } }]) {
      expect(catalogueRecordSchema.safeParse({ source: "csv", sourceId: "x", title: "T", ...bad }).success).toBe(false);
    }
  });
});

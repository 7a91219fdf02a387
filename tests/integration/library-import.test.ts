import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { changeContent } from "#app/lib/content-versions/content-versions.server.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { importCatalogueFile, type ImportOptions } from "#app/features/library/import/import-catalogue.server.ts";
import { ImportFileError } from "#app/features/library/import/source-entry.ts";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { createTestDatabase, engines, type TestDatabase } from "../setup/databases.ts";
import { marcFixtureRecords } from "../fixtures/library/marc-records.ts";
import { iso2709, marcXmlCollection } from "../fixtures/library/marc-writer.ts";

const fixture = (name: string) => join(import.meta.dirname, "../fixtures/library", name);
const node = join(import.meta.dirname, "../../node_modules/.bin/node");
const script = join(import.meta.dirname, "../../scripts/library-import.ts");

describe.each(engines)("the catalogue importer on %s", (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let scratch: string;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = database.open();
    await migrateToLatest(handle.db);
    scratch = mkdtempSync(join(tmpdir(), "library-import-"));
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await changeContent(handle.db, "catalogue", async (trx) => {
      await trx.deleteFrom("book_subjects").execute();
      await trx.deleteFrom("books").execute();
    });
  });

  const importFile = (path: string, options: Partial<ImportOptions> = {}) => importCatalogueFile(handle.db, { path, ...options });
  const books = () => handle.db.selectFrom("books").selectAll().orderBy("id").execute();
  const book = (id: string) => handle.db.selectFrom("books").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const bookCount = async () => (await books()).length;
  const subjectsOf = async (id: string) =>
    (await handle.db.selectFrom("book_subjects").select("subject").where("book_id", "=", id).orderBy("subject").execute()).map(
      (row) => row.subject,
    );
  const writeScratch = (name: string, content: string | Buffer) => {
    const path = join(scratch, name);
    writeFileSync(path, content);
    return path;
  };

  describe("the college CSV", () => {
    it("imports the good rows with every field, matching headers in any case", async () => {
      const result = await importFile(fixture("college-catalogue.csv"));
      expect(result).toMatchObject({ format: "csv", source: "csv", entries: 10, valid: 5, ignored: 0, added: 5, updated: 0 });
      expect(result.notices).toEqual(["ignored the columns: Shelf"]);
      expect(await bookCount()).toBe(5);

      expect(await book("isbn:9780131103627")).toMatchObject({
        source: "csv",
        source_id: "0131103628",
        title: "The C Programming Language",
        authors: JSON.stringify(["Brian W. Kernighan", "Dennis M. Ritchie"]),
        language: "en",
        page_count: 272,
        publisher: "Prentice Hall",
        published_year: 1988,
        saleability: "FOR_SALE",
        price_amount: 450,
        price_currency: "INR",
        download_url: null,
      });
      expect(await subjectsOf("isbn:9780131103627")).toEqual(["c (computer program language)", "programming"]);
      // A free copy's address makes a FREE book with a download link; "eng" and "Tamil" become ISO 639-1.
      expect(await book("csv:ds-2021")).toMatchObject({
        saleability: "FREE",
        language: "en",
        download_url: "https://library.college.example/books/data-structures.pdf",
      });
      const networks = await book("csv:networks-for-beginners|lakshmi-n|2019");
      expect(networks).toMatchObject({ language: "ta", saleability: "FREE" });
      // "|" separates authors too; "1,250" is an amount, priced in the default currency.
      expect(await book("csv:web-development-step-by-step|arun-kumar|2022")).toMatchObject({
        title: "Web Development, Step by Step",
        authors: JSON.stringify(["Arun Kumar", "Priya S"]),
        price_amount: 1250,
        price_currency: "INR",
      });
      // A quoted value over two lines is one title.
      expect(await book("csv:db-2020")).toMatchObject({ title: "Databases: Concepts and Practice" });
    });

    it("reports each bad row by its line in the file and stores none of it", async () => {
      const result = await importFile(fixture("college-catalogue.csv"));
      expect(result.rejected).toEqual([
        { at: "line 6", problems: ["title is missing"] },
        { at: "line 7", problems: ['"9780131103628" is not a valid ISBN'] },
        { at: "line 8", problems: ['price "abc" is not an amount of money'] },
        { at: "line 9", problems: ['url "ftp://library.college.example/book.pdf" must be an http(s) address'] },
        // After a row that spans lines 10 and 11: the physical line, not the row's number.
        { at: "line 12", problems: ['pages "many" is not a whole number'] },
      ]);
      const titles = (await books()).map((row) => row.title);
      for (const bad of ["A Book With A Mistyped ISBN", "A Book With A Bad Price", "A Book With A Bad Address", "Pages Gone Wrong"])
        expect(titles).not.toContain(bad);
      expect(await handle.db.selectFrom("books").select("id").where("authors", "like", "%Nameless%").execute()).toEqual([]);
    });

    it("updates the same books when the file is imported again, whatever keys them", async () => {
      await importFile(fixture("college-catalogue.csv"));
      const again = await importFile(fixture("college-catalogue.csv"));
      expect(again).toMatchObject({ added: 0, updated: 5 });
      expect(await bookCount()).toBe(5);

      const changed = readFileSync(fixture("college-catalogue.csv"), "utf8")
        .replace("The C Programming Language,", "The C Programming Language (2nd edition),")
        .replace("Data Structures: A First Course", "Data Structures: A Second Course");
      const result = await importFile(writeScratch("changed.csv", changed));
      expect(result).toMatchObject({ added: 0, updated: 5 });
      expect(await bookCount()).toBe(5);
      expect((await book("isbn:9780131103627")).title).toBe("The C Programming Language (2nd edition)");
      expect((await book("csv:ds-2021")).title).toBe("Data Structures: A Second Course");

      // A row added at the top moves every other row down a line: they are still the same books.
      const [header, ...rows] = changed.split("\n");
      const shifted = [header, "A New Arrival,New Author,,,,,,,,,2026,,", ...rows].join("\n");
      expect(await importFile(writeScratch("shifted.csv", shifted))).toMatchObject({ added: 1, updated: 5 });
      expect(await bookCount()).toBe(6);
    });

    it("keeps a row's subjects in step when it is imported again", async () => {
      await importFile(fixture("college-catalogue.csv"));
      const changed = readFileSync(fixture("college-catalogue.csv"), "utf8").replace(
        "C (Computer program language); Programming",
        "Systems programming",
      );
      await importFile(writeScratch("subjects.csv", changed));
      expect(await subjectsOf("isbn:9780131103627")).toEqual(["systems programming"]);
    });
  });

  describe("Project Gutenberg's pg_catalog.csv", () => {
    it("imports the texts under their ebook numbers and ignores the rest", async () => {
      const result = await importFile(fixture("pg_catalog.csv"));
      expect(result).toMatchObject({ format: "gutenberg", entries: 4, valid: 3, ignored: 1, rejected: [], added: 3 });
      expect(await book("gutenberg:1342")).toMatchObject({
        source: "gutenberg",
        source_id: "1342",
        title: "Pride and Prejudice",
        authors: JSON.stringify(["Austen, Jane"]),
        language: "en",
        saleability: "FREE",
        info_url: "https://www.gutenberg.org/ebooks/1342",
        download_url: "https://www.gutenberg.org/ebooks/1342",
      });
      expect(await subjectsOf("gutenberg:1342")).toContain("harvard classics");
      expect(await book("gutenberg:2701")).toMatchObject({
        title: "Moby Dick; Or, The Whale",
        subtitle: "An illustrated edition",
        authors: JSON.stringify(["Melville, Herman", "Rockwell, Kent"]),
      });
      expect(await handle.db.selectFrom("books").select("id").where("id", "=", "gutenberg:90001").execute()).toEqual([]);
    });
  });

  describe("MARC 21", () => {
    const expectMarcBooks = async () => {
      expect(await book("isbn:9780131103627")).toMatchObject({
        source: "marc",
        source_id: "kc-0001",
        title: "The C programming language",
        subtitle: null,
        authors: JSON.stringify(["Kernighan, Brian W.", "Ritchie, Dennis M."]),
        language: "en",
        page_count: 272,
        publisher: "Prentice Hall",
        published_year: 1988,
        // 020 $c comes before Koha's purchase price in 952 $g.
        saleability: "FOR_SALE",
        price_amount: 450,
        price_currency: "INR",
      });
      expect(await book("marc:kc-0002")).toMatchObject({
        title: "Data structures",
        subtitle: "a first course",
        authors: JSON.stringify(["Rao, Meena"]),
        language: "en",
        page_count: 480,
        publisher: "College Press",
        published_year: 2021,
        description: "Lists, stacks, queues, trees and graphs, with exercises in Java.",
        saleability: "FREE",
        // The table of contents' link (856 with second indicator 2) is not the book.
        download_url: "https://library.college.example/books/data-structures.pdf",
      });
      expect(await subjectsOf("marc:kc-0002")).toEqual(["algorithms", "data structures (computer science)"]);
      expect(await book("marc:kc-0003")).toMatchObject({
        title: "திருக்குறள்",
        authors: JSON.stringify(["Tiruvaḷḷuvar"]),
        language: "ta",
        published_year: 2015,
      });
      expect(await bookCount()).toBe(3);
    };

    it("imports a binary (ISO 2709) file, reporting bad records by number and ignoring what is not a book", async () => {
      const result = await importFile(fixture("catalogue.mrc"));
      expect(result).toMatchObject({ format: "marc", source: "marc", entries: 7, valid: 3, ignored: 2, added: 3, updated: 0 });
      expect(result.rejected).toEqual([
        { at: "record 4 (001 kc-0004)", problems: ['"9780131103628" is not a valid ISBN'] },
        { at: "record 5 (001 kc-0005)", problems: ["title (245 $a) is missing"] },
      ]);
      await expectMarcBooks();
    });

    it("imports MARCXML as Koha exports it into the same books, and updates them from the binary file", async () => {
      const result = await importFile(fixture("catalogue.xml"));
      expect(result).toMatchObject({ format: "marcxml", entries: 7, valid: 3, ignored: 2, added: 3 });
      expect(result.rejected.map((entry) => entry.at)).toEqual(["record 4 (line 100, 001 kc-0004)", "record 5 (line 110, 001 kc-0005)"]);
      await expectMarcBooks();
      expect(await importFile(fixture("catalogue.mrc"))).toMatchObject({ added: 0, updated: 3 });
      expect(await bookCount()).toBe(3);
    });

    it("reads MARCXML with a namespace prefix", async () => {
      const result = await importFile(writeScratch("prefixed.xml", marcXmlCollection(marcFixtureRecords, "marc")));
      expect(result).toMatchObject({ format: "marcxml", valid: 3, added: 3 });
      await expectMarcBooks();
    });

    it("keys records under the source given, and prices Koha holdings in the currency given", async () => {
      const [first] = marcFixtureRecords;
      const holdingsOnly = { ...first!, data: first!.data.filter(([tag]) => tag !== "020") };
      const result = await importFile(writeScratch("koha.xml", marcXmlCollection([holdingsOnly])), { source: "koha", currency: "usd" });
      expect(result).toMatchObject({ source: "koha", added: 1 });
      expect(await book("koha:kc-0001")).toMatchObject({ price_amount: 400, price_currency: "USD" });
    });
  });

  describe("a file that cannot be read", () => {
    const mrc = readFileSync(fixture("catalogue.mrc"));
    const withSecondBaseAddress = (file: Buffer, address: string) => {
      const copy = Buffer.from(file);
      copy.write(address, file.indexOf(0x1d) + 1 + 12, "latin1");
      return copy;
    };
    const unreadable: Array<[string, () => string, RegExp]> = [
      [
        "a MARC file cut short",
        () => writeScratch("cut.mrc", mrc.subarray(0, mrc.length - 40)),
        /ends inside record 7: it looks cut short/,
      ],
      [
        "a MARC file whose first leader is cut",
        () => writeScratch("leader.mrc", Buffer.concat([Buffer.from("00523nam"), Buffer.from([0x1d]), mrc])),
        /not MARC 21 \(ISO 2709\)/,
      ],
      [
        "a MARC record with a damaged directory",
        () => writeScratch("directory.mrc", Buffer.from(mrc.toString("latin1").replace("245007300117", "245009900117"), "latin1")),
        /^the file is not MARC 21 \(ISO 2709\): record 1 has field 245 pointing outside its data$/,
      ],
      [
        "a damaged record further on",
        () => writeScratch("damaged.mrc", withSecondBaseAddress(mrc, "00099")),
        /^record 2 is damaged: it has a base address \(99\) that does not end its directory$/,
      ],
      [
        "XML that is not well formed",
        () =>
          writeScratch("broken.xml", readFileSync(fixture("catalogue.xml"), "utf8").replace("</record>\n<record>", "</record>\n<record")),
        /not well-formed XML/,
      ],
      [
        "XML that is not MARCXML",
        () => writeScratch("other.xml", '<?xml version="1.0"?>\n<books><book>Title</book></books>\n'),
        /XML but not MARCXML/,
      ],
      [
        "a CSV with an unclosed quote",
        () => writeScratch("quote.csv", 'title,authors\n"Good,Author\nAnother,Author\n'),
        /not valid CSV: Quote Not Closed/,
      ],
      [
        "a CSV without a title column",
        () => writeScratch("columns.csv", "name,author\nA book,Someone\n"),
        /no title column \(found: name, author\)/,
      ],
      [
        "a CSV that is not UTF-8",
        () => writeScratch("latin1.csv", Buffer.from("title,authors\nLes Mis\xe9rables,Victor Hugo\n", "latin1")),
        /not UTF-8/,
      ],
      [
        "a binary file named .csv",
        () => writeScratch("binary.csv", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08])),
        /binary, not CSV/,
      ],
      ["an empty CSV", () => writeScratch("empty.csv", ""), /empty/],
      ["a missing file", () => join(scratch, "missing.csv"), /there is no file/],
    ];
    it("stores nothing of a long file cut short, though thousands of good records come before the cut", async () => {
      const good = Array.from({ length: 2_600 }, (_, i) =>
        iso2709({ control: [["001", `long-${i}`]], data: [["245", "10", "a", `Book ${i}`]] }),
      );
      const path = writeScratch("long-cut.mrc", Buffer.concat([...good, mrc.subarray(0, 100)]));
      await expect(importFile(path)).rejects.toThrow(/ends inside record 2601/);
      expect(await bookCount()).toBe(0);
    });

    it.each(unreadable)("stops on %s with a clear error and stores nothing", async (_, makeFile, message) => {
      const path = makeFile();
      const error = await importFile(path).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ImportFileError);
      expect((error as Error).message).toMatch(message);
      expect(await bookCount()).toBe(0);
    });
  });

  describe("the command", () => {
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        // DATABASE_URL="" counts as unset: the SQLite run must not reach the PostgreSQL server.
        const env = { ...process.env, DATABASE_URL: "", SQLITE_PATH: "", ...database.env };
        execFile(node, [script, ...args], { env, timeout: 30_000 }, (error, stdout, stderr) => {
          resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
        });
      });

    it("stores the good rows, lists the bad ones and exits with 2", async () => {
      const { code, stdout, stderr } = await run([fixture("college-catalogue.csv")]);
      expect(code).toBe(2);
      expect(stdout).toContain('as the college CSV (source "csv")');
      expect(stdout).toContain("Note: ignored the columns: Shelf.");
      expect(stdout).toContain("Imported 5 books: 5 added, 0 updated.\nSkipped 5 rows with problems.");
      expect(stderr).toContain('line 7: "9780131103628" is not a valid ISBN');
      expect(await bookCount()).toBe(5);
    });

    it("exits with 0 when every record was imported, and says what it ignored", async () => {
      const { code, stdout } = await run([fixture("pg_catalog.csv")]);
      expect(code).toBe(0);
      expect(stdout).toContain("Imported 3 books: 3 added, 0 updated.\nIgnored 1 entry that is not a book.");
      const again = await run([fixture("pg_catalog.csv")]);
      expect(again.stdout).toContain("Imported 3 books: 0 added, 3 updated.");
    });

    it("exits with 1 and stores nothing when the file cannot be read", async () => {
      const mrc = readFileSync(fixture("catalogue.mrc"));
      const { code, stderr } = await run([writeScratch("cli-cut.mrc", mrc.subarray(0, mrc.length - 40))]);
      expect(code).toBe(1);
      expect(stderr).toMatch(/^Cannot import .*cli-cut\.mrc: the file ends inside record 7: it looks cut short\. Nothing was imported\.$/m);
      expect(await bookCount()).toBe(0);
    });

    it("checks without storing on --dry-run, and writes every problem to --errors", async () => {
      const errors = join(scratch, "errors.txt");
      const { code, stdout } = await run([fixture("catalogue.mrc"), "--dry-run", "--errors", errors]);
      expect(code).toBe(2);
      expect(stdout).toContain("Dry run: 3 books would be imported; nothing was stored.");
      expect(readFileSync(errors, "utf8")).toBe(
        'record 4 (001 kc-0004): "9780131103628" is not a valid ISBN\nrecord 5 (001 kc-0005): title (245 $a) is missing\n',
      );
      expect(await bookCount()).toBe(0);
    });

    it("reads a file by the format it is told, and refuses arguments it does not understand", async () => {
      const copy = join(scratch, "catalogue.dat");
      copyFileSync(fixture("catalogue.xml"), copy);
      expect((await run([copy, "--format", "marcxml"])).code).toBe(2);
      expect(await bookCount()).toBe(3);

      for (const args of [
        [copy, "--format", "excel"],
        [copy, "--source", "Main Library"],
        [copy, "--currency", "rupees"],
        [],
        [copy, "--unknown"],
      ]) {
        const { code, stderr } = await run(args);
        expect(code).toBe(1);
        expect(stderr).toContain("Usage: npm run library:import");
      }
    });
  });
});

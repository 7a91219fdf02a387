// The catalogue importer at 100,000 records: a college CSV and a MARC 21 (ISO 2709) file are
// generated in a temporary folder and imported into a fresh SQLite database, and into a fresh
// PostgreSQL database when DATABASE_URL is set. Run alone with
// `node_modules/.bin/node scripts/bench-library-import.ts`, or as part of `npm run bench`.
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { importCatalogueFile } from "#app/features/library/import/import-catalogue.server.ts";
import { migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { createTestDatabase, engines } from "#tests/setup/databases.ts";
import { iso2709, type FixtureRecord } from "#tests/fixtures/library/marc-writer.ts";

const records = 100_000;
const subjects = ["Java", "Data structures", "JavaScript", "The Web", "Databases", "Computer networks", "Mathematics", "Algorithms"];

/** A valid ISBN-13 for every other book, so half are keyed by ISBN and half by their id. */
function isbnOf(i: number): string | undefined {
  if (i % 2) return undefined;
  const first12 = `97800${String(i).padStart(7, "0")}`;
  const sum = [...first12].reduce((total, char, index) => total + Number(char) * (index % 2 ? 3 : 1), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

const book = (i: number) => ({
  title: `Practical ${subjects[i % subjects.length]} volume ${i}`,
  authors: [`Author ${i % 997}`, `Editor ${i % 101}`],
  subjects: [subjects[i % subjects.length]!, subjects[(i + 3) % subjects.length]!],
  isbn: isbnOf(i),
  pages: 100 + (i % 900),
  year: 1990 + (i % 35),
  price: i % 3 === 0 ? `${200 + (i % 800)}.00` : "",
});

async function writeLines(path: string, lines: Iterable<string | Buffer>) {
  const out = createWriteStream(path);
  for (const line of lines) if (!out.write(line)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  out.end();
  await finished(out);
}

function* csvLines() {
  yield "title,authors,isbn,subjects,pages,language,price,currency,url,year,id\n";
  for (let i = 0; i < records; i++) {
    const b = book(i);
    const url = b.price ? "" : `https://library.college.example/books/${i}.pdf`;
    yield `${b.title},${b.authors.join("; ")},${b.isbn ?? ""},${b.subjects.join("; ")},${b.pages},en,${b.price},${b.price ? "INR" : ""},${url},${b.year},c${i}\n`;
  }
}

function* marcRecords() {
  for (let i = 0; i < records; i++) {
    const b = book(i);
    const record: FixtureRecord = {
      control: [
        ["001", `m${i}`],
        ["008", `880101s${b.year}    xx            000 0 eng d`],
      ],
      data: [
        ...(b.isbn ? [["020", "  ", "a", b.isbn, ...(b.price ? ["c", `Rs. ${b.price}`] : [])] as FixtureRecord["data"][number]] : []),
        ["100", "1 ", "a", `${b.authors[0]},`],
        ["245", "10", "a", `${b.title} /`, "c", b.authors.join(", ")],
        ["264", " 1", "b", "College Press,", "c", `${b.year}.`],
        ["300", "  ", "a", `${b.pages} pages ;`],
        ...b.subjects.map((subject) => ["650", " 0", "a", `${subject}.`] as FixtureRecord["data"][number]),
        ["700", "1 ", "a", b.authors[1]!],
      ],
    };
    yield iso2709(record);
  }
}

export async function benchLibraryImport() {
  const dir = mkdtempSync(join(tmpdir(), "library-import-bench-"));
  try {
    const files = [
      ["college CSV", join(dir, "catalogue.csv")],
      ["MARC 21 (ISO 2709)", join(dir, "catalogue.mrc")],
    ] as const;
    await writeLines(files[0][1], csvLines());
    await writeLines(files[1][1], marcRecords());
    console.log(`Library import of ${records.toLocaleString("en-US")} records (read twice: checked, then stored 500 a transaction):`);
    for (const engine of engines) {
      for (const [label, path] of files) {
        const database = await createTestDatabase(engine);
        const handle = database.open();
        try {
          await migrateToLatest(handle.db);
          const started = performance.now();
          const first = await importCatalogueFile(handle.db, { path });
          const seconds = (performance.now() - started) / 1000;
          const again = performance.now();
          const second = await importCatalogueFile(handle.db, { path });
          const secondsAgain = (performance.now() - again) / 1000;
          if (first.added !== records || second.updated !== records)
            throw new Error(`${label} on ${engine}: expected ${records} added then updated`);
          const rate = (s: number) => Math.round(records / s).toLocaleString("en-US");
          console.log(
            `  ${engine.padEnd(8)} ${label.padEnd(19)} new: ${seconds.toFixed(1)} s (${rate(seconds)} records/s); again (updates): ${secondsAgain.toFixed(1)} s (${rate(secondsAgain)} records/s)`,
          );
        } finally {
          await handle.close();
          await database.drop();
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await benchLibraryImport();

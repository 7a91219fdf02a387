import { open, stat } from "node:fs/promises";
import { basename } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import type { CatalogueRecord } from "../catalogue-record.ts";
import { upsertCatalogueRecords } from "../catalogue-store.server.ts";
import { collegeColumns, collegeCsvEntry } from "./college-csv.ts";
import { csvRows } from "./csv-rows.server.ts";
import { fileBytes, fileText, type OnBytes } from "./file-chunks.server.ts";
import { gutenbergEntry, requireGutenbergHeader } from "./gutenberg-csv.ts";
import { defaultSource, detectFormat, type ImportFormat } from "./import-format.ts";
import { iso2709Records } from "./iso2709-records.server.ts";
import { describePosition, marcEntry } from "./marc-record.ts";
import { marcXmlRecords } from "./marcxml-records.server.ts";
import { ImportFileError, type SourceEntry } from "./source-entry.ts";

export interface ImportOptions {
  path: string;
  /** Detected from the file when not given. */
  format?: ImportFormat;
  /** The source records without an ISBN are keyed under; the format's default when not given. */
  source?: string;
  /** For prices whose currency the file does not give. */
  currency?: string;
  onProgress?: (phase: "checking" | "storing", bytesRead: number, totalBytes: number) => void;
}

export interface ImportCheck {
  format: ImportFormat;
  source: string;
  totalBytes: number;
  /** Rows or records read, header excluded. */
  entries: number;
  valid: number;
  /** Entries that are not books (Gutenberg's audio books, deleted MARC records): not errors. */
  ignored: number;
  /** Each bad entry with what is wrong with it, in file order. */
  rejected: Array<{ at: string; problems: string[] }>;
  /** Things worth saying that are not errors ("ignored the columns: shelf"). */
  notices: string[];
}

export interface ImportResult extends ImportCheck {
  added: number;
  updated: number;
}

/** Records handed to the store at once; it writes each 500 of them in one transaction. */
const storeBatch = 2000;

/** Reads and checks the whole file; stores nothing (`--dry-run`, and the first pass of an import). */
export async function checkCatalogueFile(options: ImportOptions): Promise<ImportCheck> {
  const { path } = options;
  const totalBytes = await sizeOf(path);
  const format = options.format ?? detectFormat(basename(path), await headOf(path));
  const source = options.source ?? defaultSource[format];
  const check: ImportCheck = { format, source, totalBytes, entries: 0, valid: 0, ignored: 0, rejected: [], notices: [] };
  const onBytes: OnBytes = (read) => options.onProgress?.("checking", read, totalBytes);
  for await (const entry of readEntries(path, format, source, options.currency ?? "INR", onBytes, check.notices)) {
    check.entries += 1;
    if ("record" in entry) check.valid += 1;
    else if ("ignored" in entry) check.ignored += 1;
    else check.rejected.push(entry);
  }
  return check;
}

/**
 * Imports a catalogue file: reads it through once to check it, then, if it could be read at all,
 * again to store its good records, a batch at a time. A file that cannot be read (not the format,
 * cut short) throws ImportFileError before anything is stored; bad records are left out and listed.
 */
export async function importCatalogueFile(db: Kysely<Database>, options: ImportOptions): Promise<ImportResult> {
  const check = await checkCatalogueFile(options);
  const result: ImportResult = { ...check, added: 0, updated: 0 };
  if (check.valid === 0) return result;

  const onBytes: OnBytes = (read) => options.onProgress?.("storing", read, check.totalBytes);
  let batch: CatalogueRecord[] = [];
  let entries = 0;
  // One batch is written while the next is read: PostgreSQL works in its own process meanwhile.
  // Batches still go in file order, so the last of two rows with one key wins.
  let writing: Promise<void> = Promise.resolve();
  const store = async () => {
    await writing;
    const records = batch;
    batch = [];
    writing = upsertCatalogueRecords(db, records).then(({ added, updated }) => {
      result.added += added;
      result.updated += updated;
    });
    // Awaited at the next batch or at the end; until then a failure must not count as unhandled.
    writing.catch(() => {});
  };
  try {
    for await (const entry of readEntries(options.path, check.format, check.source, options.currency ?? "INR", onBytes, [])) {
      entries += 1;
      if (!("record" in entry)) continue;
      batch.push(entry.record);
      if (batch.length >= storeBatch) await store();
    }
    if (batch.length) await store();
  } finally {
    // Let the batch under way finish before the caller closes the database.
    await writing.catch(() => {});
  }
  await writing;
  if (entries !== check.entries) throw new ImportFileError("the file changed while it was being imported: import it again");
  return result;
}

async function* readEntries(
  path: string,
  format: ImportFormat,
  source: string,
  currency: string,
  onBytes: OnBytes,
  notices: string[],
): AsyncGenerator<SourceEntry> {
  switch (format) {
    case "csv": {
      let header: ReturnType<typeof collegeColumns> | undefined;
      let width = 0;
      for await (const { line, cells } of csvRows(fileText(path, onBytes))) {
        if (!header) {
          header = collegeColumns(cells);
          width = cells.length;
          if (header.unknown.length) notices.push(`ignored the columns: ${header.unknown.join(", ")}`);
          continue;
        }
        // Spreadsheets save rows that only ever had formatting as a line of commas.
        if (cells.every((cell) => !cell.trim())) continue;
        // More cells than headers: most likely a comma in an unquoted value, which shifts the rest.
        if (cells.length > width)
          yield {
            at: `line ${line}`,
            problems: [`has ${cells.length} fields but the header has ${width} (a comma in a value that is not in quotes?)`],
          };
        else yield collegeCsvEntry(`line ${line}`, cells, header.columns, { source, currency });
      }
      if (!header) throw new ImportFileError("the file is empty");
      return;
    }
    case "gutenberg": {
      let header = false;
      for await (const { line, cells } of csvRows(fileText(path, onBytes))) {
        if (!header) {
          requireGutenbergHeader(cells);
          header = true;
          continue;
        }
        if (cells.every((cell) => !cell.trim())) continue;
        yield gutenbergEntry(`line ${line}`, cells, source);
      }
      if (!header) throw new ImportFileError("the file is empty");
      return;
    }
    case "marc":
      for await (const numbered of iso2709Records(fileBytes(path, onBytes))) {
        yield "problem" in numbered
          ? { at: describePosition(numbered), problems: [numbered.problem] }
          : marcEntry(numbered, numbered.record, { source, currency });
      }
      return;
    case "marcxml":
      for await (const { number, line, record } of marcXmlRecords(fileText(path, onBytes))) {
        yield marcEntry({ number, line }, record, { source, currency });
      }
      return;
  }
}

async function sizeOf(path: string): Promise<number> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new ImportFileError(`${path} is not a file`);
    return info.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new ImportFileError(`there is no file ${path}`);
    if ((error as NodeJS.ErrnoException).code === "EACCES") throw new ImportFileError(`${path} cannot be read (permission denied)`);
    throw error;
  }
}

async function headOf(path: string): Promise<Uint8Array> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read(new Uint8Array(4096), 0, 4096, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

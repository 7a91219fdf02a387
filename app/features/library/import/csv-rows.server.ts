import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { ImportFileError } from "./source-entry.ts";

export interface CsvRow {
  /** The physical line the row starts on (rows may span lines inside quotes). */
  line: number;
  cells: string[];
}

/** Rows of a CSV text stream, the header first, empty lines left out. */
export async function* csvRows(text: AsyncIterable<string>): AsyncGenerator<CsvRow> {
  const parser = parse({
    bom: true,
    raw: true,
    skip_empty_lines: true,
    // A short or long row is that row's problem, not the file's.
    relax_column_count: true,
  });
  // pipe() does not pass a failure of the text on (not UTF-8, unreadable): the parser would wait forever.
  Readable.from(text)
    .on("error", (error) => parser.destroy(error))
    .pipe(parser);
  // Lines are counted here from each row's raw text (which starts with the empty lines skipped
  // before it): csv-parse's own count takes a Windows line end inside quotes for two lines.
  let nextLine = 1;
  try {
    for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      const line = nextLine + lineBreaks(raw.match(/^[\r\n]*/)![0]);
      nextLine += lineBreaks(raw);
      yield { line, cells: record };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      // csv-parse's message says the line where it gave up ("Quote Not Closed: … at line 5").
      throw new ImportFileError(`the file is not valid CSV: ${error.message}`);
    }
    throw error;
  }
}

function lineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

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
    info: true,
    raw: true,
    skip_empty_lines: true,
    // A short or long row is that row's problem, not the file's.
    relax_column_count: true,
  });
  // pipe() does not pass a failure of the text on (not UTF-8, unreadable): the parser would wait forever.
  Readable.from(text)
    .on("error", (error) => parser.destroy(error))
    .pipe(parser);
  try {
    for await (const { record, info, raw } of parser as AsyncIterable<{ record: string[]; info: { lines: number }; raw: string }>) {
      // info.lines is where the row ends; count back over the new lines inside it.
      const body = raw.replace(/^[\r\n]+/, "").replace(/\r?\n$|\r$/, "");
      yield { line: info.lines - (body.match(/\n|\r(?!\n)/g)?.length ?? 0), cells: record };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      // csv-parse's message names the line ("Quote Not Closed: … an opening quote at line 5").
      throw new ImportFileError(`the file is not valid CSV: ${error.message}`);
    }
    throw error;
  }
}

import { gutenbergHeader } from "./gutenberg-csv.ts";
import { ImportFileError } from "./source-entry.ts";

export const importFormats = ["csv", "marc", "marcxml", "gutenberg"] as const;
export type ImportFormat = (typeof importFormats)[number];

/** Each format's records are stored under this source unless --source says otherwise. */
export const defaultSource: Record<ImportFormat, string> = { csv: "csv", marc: "marc", marcxml: "marc", gutenberg: "gutenberg" };

const marcSlim = "http://www.loc.gov/MARC21/slim";

/**
 * The format of a file from its first bytes, with its name's extension as a hint: MARCXML by the
 * MARC 21 slim namespace, ISO 2709 by the shape of its leader, pg_catalog.csv by its header,
 * any other text as the college's CSV.
 */
export function detectFormat(fileName: string, head: Uint8Array): ImportFormat {
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";
  const text = new TextDecoder("utf-8").decode(head).replace(/^\uFEFF/, "");
  const start = text.trimStart();

  if (start.startsWith("<")) {
    if (text.includes(marcSlim)) return "marcxml";
    throw new ImportFileError(
      `the file is XML but not MARCXML (no element in the MARC 21 slim namespace, ${marcSlim}, near its start); use --format marcxml to read it anyway`,
    );
  }
  if (looksLikeIso2709Leader(text)) return "marc";
  if (["mrc", "marc", "iso", "iso2709"].includes(extension)) {
    throw new ImportFileError(
      `the file is not MARC 21 (ISO 2709): it does not start with a record leader (found ${JSON.stringify(text.slice(0, 24))})`,
    );
  }
  if (head.includes(0)) throw new ImportFileError("the file is binary, not CSV, MARC 21 or MARCXML");
  const firstLine = start.split(/\r?\n/, 1)[0] ?? "";
  if (
    firstLine
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .join(",") === gutenbergHeader.join(",").toLowerCase()
  )
    return "gutenberg";
  if (["csv", "txt", ""].includes(extension) || firstLine.includes(",")) return "csv";
  throw new ImportFileError(`cannot tell the format of a .${extension} file; say it with --format ${importFormats.join("|")}`);
}

/** Record length, then at 10–11 the indicator and subfield-code counts ("22"), at 20–23 "4500". */
function looksLikeIso2709Leader(text: string): boolean {
  return /^\d{5}/.test(text) && text.slice(10, 12) === "22" && /^\d{5}$/.test(text.slice(12, 17)) && text.slice(20, 24) === "4500";
}

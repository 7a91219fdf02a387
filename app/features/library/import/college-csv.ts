import type { CatalogueRecordInput } from "../catalogue-record.ts";
import { collapseSpace, derivedSourceId, moneyAmount, splitList, wholeNumber, yearIn } from "./field-values.ts";
import { languageCode } from "./language-codes.ts";
import { checkedEntry, ImportFileError, type FieldLabels, type SourceEntry } from "./source-entry.ts";

/** The college's own CSV: a column's header, in any case, names the field (a few other spellings too). */
const columnNames = {
  title: ["title"],
  authors: ["authors", "author"],
  isbn: ["isbn"],
  subjects: ["subjects", "subject"],
  pages: ["pages", "page_count"],
  language: ["language"],
  price: ["price"],
  currency: ["currency"],
  url: ["url"],
  subtitle: ["subtitle"],
  publisher: ["publisher"],
  year: ["year"],
  description: ["description"],
  thumbnail: ["thumbnail"],
  buy_url: ["buy_url"],
  id: ["id"],
} as const;

export type CollegeColumn = keyof typeof columnNames;
export type CollegeColumns = Partial<Record<CollegeColumn, number>>;

const labels: FieldLabels = {
  sourceId: "id",
  pageCount: "pages",
  publishedYear: "year",
  thumbnailUrl: "thumbnail",
  "price.amount": "price",
  "price.currency": "currency",
  downloadUrl: "url",
  buyUrl: "buy_url",
};

/** " Buy URL " → "buy_url". */
const normaliseHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** Where each known column is; the unknown ones are returned so the importer can say it ignored them. */
export function collegeColumns(header: readonly string[]): { columns: CollegeColumns; unknown: string[] } {
  const columns: CollegeColumns = {};
  const unknown: string[] = [];
  header.forEach((name, index) => {
    const normalised = normaliseHeader(name);
    const column = (Object.keys(columnNames) as CollegeColumn[]).find((key) =>
      (columnNames[key] as readonly string[]).includes(normalised),
    );
    if (!column) {
      if (normalised) unknown.push(name.trim());
      return;
    }
    if (columns[column] !== undefined) throw new ImportFileError(`the header names the ${column} column twice`);
    columns[column] = index;
  });
  if (columns.title === undefined) {
    throw new ImportFileError(
      `the first line has no title column (found: ${header.map((name) => name.trim()).join(", ") || "nothing"}); see docs/library-import.md for the columns`,
    );
  }
  return { columns, unknown };
}

export interface CollegeCsvOptions {
  source: string;
  /** For prices without a currency column. */
  currency: string;
}

export function collegeCsvEntry(at: string, cells: readonly string[], columns: CollegeColumns, options: CollegeCsvOptions): SourceEntry {
  const cell = (column: CollegeColumn) => {
    const index = columns[column];
    const value = index === undefined ? undefined : cells[index]?.trim();
    return value || undefined;
  };
  const problems: string[] = [];
  const take = <T>(parsed: { value: T | undefined; problem?: string }) => {
    if (parsed.problem) problems.push(parsed.problem);
    return parsed.value;
  };

  const title = collapseSpace(cell("title") ?? "");
  const authors = splitList(cell("authors"));
  const year = take(wholeNumber(cell("year"), "year"));
  const price = take(moneyAmount(cell("price"), "price"));
  const isbn = cell("isbn");
  const input: CatalogueRecordInput = {
    source: options.source,
    // The ISBN keys the book when there is one (see catalogueKey); the id, or else the title,
    // first author and year, make a row without one land on the same book when imported again.
    sourceId: cell("id") ?? isbn?.replace(/[\s-]/g, "") ?? derivedSourceId(title, authors[0], year ?? yearIn(cell("year"))),
    isbn,
    title,
    subtitle: cell("subtitle"),
    authors,
    subjects: splitList(cell("subjects")),
    language: languageCode(cell("language")),
    pageCount: take(wholeNumber(cell("pages"), "pages")),
    publisher: cell("publisher"),
    publishedYear: year,
    description: cell("description"),
    thumbnailUrl: cell("thumbnail"),
    price: price && { amount: price.amount, currency: cell("currency") ?? price.currency ?? options.currency },
    downloadUrl: cell("url"),
    buyUrl: cell("buy_url"),
  };
  return checkedEntry(at, input, problems, labels);
}

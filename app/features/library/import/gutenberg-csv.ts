import type { CatalogueRecordInput } from "../catalogue-record.ts";
import { collapseSpace, splitList, uniqueIgnoringCase } from "./field-values.ts";
import { languageCode } from "./language-codes.ts";
import { checkedEntry, ImportFileError, type FieldLabels, type SourceEntry } from "./source-entry.ts";

/** The header of Project Gutenberg's catalogue file, pg_catalog.csv. */
export const gutenbergHeader = ["Text#", "Type", "Issued", "Title", "Language", "Authors", "Subjects", "LoCC", "Bookshelves"] as const;

export function isGutenbergHeader(cells: readonly string[]): boolean {
  return gutenbergHeader.every((name, index) => cells[index]?.trim().toLowerCase() === name.toLowerCase());
}

const labels: FieldLabels = { sourceId: "Text#", title: "Title", language: "Language", authors: "Authors", subjects: "Subjects" };

// Longer lists and titles occur in the catalogue (anthologies, 17th-century title pages);
// they are cut to what the catalogue keeps rather than refusing a public-domain book.
const maxTitle = 500;
const maxEntries = 50;

/**
 * One line of pg_catalog.csv. The ebook's page at Project Gutenberg is both its page and its
 * download link: that page offers every format (EPUB, Kindle, HTML, plain text), and its address
 * is the one form we are sure Project Gutenberg keeps.
 */
export function gutenbergEntry(at: string, cells: readonly string[], source: string): SourceEntry {
  const [number = "", type = "", , rawTitle = "", language = "", authors = "", subjects = "", , bookshelves = ""] = cells.map((cell) =>
    cell.trim(),
  );
  if (type.toLowerCase() !== "text") return { at, ignored: `a ${type || "typeless"} entry, not a book` };
  if (!/^\d{1,9}$/.test(number)) return { at, problems: [`Text# ${JSON.stringify(number)} is not an ebook number`] };

  // Some titles run over several lines: the first is the title, the rest its subtitle.
  const [firstLine = "", ...rest] = rawTitle.split(/\r?\n/).map(collapseSpace).filter(Boolean);
  const page = `https://www.gutenberg.org/ebooks/${number}`;
  const input: CatalogueRecordInput = {
    source,
    sourceId: number,
    title: cut(firstLine, maxTitle),
    subtitle: rest.length ? cut(rest.join(" "), maxTitle) : undefined,
    authors: splitList(authors, /;/).map(withoutLifeDates).filter(Boolean).slice(0, maxEntries),
    subjects: uniqueIgnoringCase([...splitList(subjects, /;/), ...splitList(bookshelves, /;/).map(withoutCategoryPrefix)]).slice(
      0,
      maxEntries,
    ),
    language: languageCode(language.split(/[;,]/)[0]),
    infoUrl: page,
    downloadUrl: page,
  };
  return checkedEntry(at, input, [], labels);
}

/**
 * "Austen, Jane, 1775-1817" → "Austen, Jane"; also "Homer, 751? BCE-651? BCE", "-1852",
 * "active 1650" and a role in brackets ("Lang, Andrew, 1844-1912 [Editor]").
 */
export function withoutLifeDates(name: string): string {
  return name
    .replace(/\s*\[[^\]]*\]\s*$/, "")
    .replace(/,\s*[^,]*\d[^,]*$/, "")
    .trim();
}

function withoutCategoryPrefix(shelf: string): string {
  return shelf.replace(/^category:\s*/i, "");
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export function requireGutenbergHeader(cells: readonly string[]): void {
  if (!isGutenbergHeader(cells)) {
    throw new ImportFileError(`the first line is not pg_catalog.csv's header (${gutenbergHeader.join(",")})`);
  }
}

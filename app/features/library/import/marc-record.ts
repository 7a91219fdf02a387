import type { CatalogueRecordInput } from "../catalogue-record.ts";
import { normaliseIsbn } from "../catalogue-record.ts";
import { collapseSpace, derivedSourceId, moneyAmount, uniqueIgnoringCase, yearIn } from "./field-values.ts";
import { languageCode } from "./language-codes.ts";
import { checkedEntry, type FieldLabels, type SourceEntry } from "./source-entry.ts";

/** A MARC 21 bibliographic record as both readers (ISO 2709 and MARCXML) hand it over. */
export interface MarcRecord {
  leader: string;
  /** 001–009, the first of each tag. */
  controlFields: Map<string, string>;
  dataFields: MarcDataField[];
}

export interface MarcDataField {
  tag: string;
  ind1: string;
  ind2: string;
  subfields: Array<{ code: string; value: string }>;
}

export interface MarcOptions {
  source: string;
  /** For prices whose currency the record does not name (Koha's 952 $g). */
  currency: string;
}

const labels: FieldLabels = {
  sourceId: "control number (001)",
  isbn: "ISBN (020 $a)",
  title: "title (245 $a)",
  subtitle: "subtitle (245 $b)",
  authors: "authors (100/700 $a)",
  subjects: "subjects (650/651/653 $a)",
  language: "language (008/35-37, 041 $a)",
  pageCount: "pages (300 $a)",
  publisher: "publisher (260/264 $b)",
  publishedYear: "year (260/264 $c)",
  description: "summary (520 $a)",
  price: "price",
  "price.amount": "price",
  "price.currency": "currency",
  downloadUrl: "link (856 $u)",
  infoUrl: "link (856 $u)",
};

/** Record types that are books: language material, manuscripts, and e-books coded as computer files. */
const bookTypes = new Set(["a", "t", "m"]);
const maxEntries = 50;

/** Where a record is: its number in the file, and for MARCXML the line it starts on. */
export interface MarcPosition {
  number: number;
  line?: number;
}

/** "record 7", "record 7 (line 120, 001 b1234)": the control number helps find it in the library system. */
export function describePosition({ number, line }: MarcPosition, controlNumber?: string): string {
  const details = [line === undefined ? "" : `line ${line}`, controlNumber ? `001 ${controlNumber}` : ""].filter(Boolean);
  return `record ${number}${details.length ? ` (${details.join(", ")})` : ""}`;
}

/** Maps a bibliographic record to a catalogue record; see docs/library-import.md for the table. */
export function marcEntry(position: MarcPosition, record: MarcRecord, options: MarcOptions): SourceEntry {
  const at = describePosition(position);
  const status = record.leader[5];
  const type = record.leader[6] ?? "";
  if (status === "d") return { at, ignored: "a deleted record (leader/05 is d)" };
  if (!bookTypes.has(type)) return { at, ignored: `not a book (leader/06 is ${JSON.stringify(type)})` };

  const subfields = (tags: readonly string[], code: string) =>
    record.dataFields
      .filter((field) => tags.includes(field.tag))
      .flatMap((field) => field.subfields.filter((s) => s.code === code).map((s) => s.value));
  const first = (tag: string, code: string) => subfields([tag], code)[0];

  const problems: string[] = [];
  const title = withoutIsbdPunctuation(first("245", "a") ?? "");
  const authors = uniqueIgnoringCase(subfields(["100", "110", "700", "710"], "a").map(personalName).filter(Boolean)).slice(0, maxEntries);
  const publication = publicationField(record);
  const year = yearIn(publication?.subfields.find((s) => s.code === "c")?.value) ?? yearFromFixedField(record);
  const price = priceOf(record, options, problems);
  const controlNumber = record.controlFields.get("001")?.trim() || first("999", "c")?.trim();

  const input: CatalogueRecordInput = {
    source: options.source,
    sourceId: controlNumber || derivedSourceId(title, authors[0], year),
    isbn: isbnOf(subfields(["020"], "a")),
    title,
    subtitle: optional(withoutIsbdPunctuation(first("245", "b") ?? "")),
    authors,
    subjects: uniqueIgnoringCase(subfields(["650", "651", "653"], "a").map(withoutIsbdPunctuation).filter(Boolean)).slice(0, maxEntries),
    language: languageOf(record, first("041", "a")),
    pageCount: pagesIn(first("300", "a")),
    publisher: optional(withoutIsbdPunctuation(publication?.subfields.find((s) => s.code === "b")?.value ?? "")),
    publishedYear: year,
    description: optional(collapseSpace(first("520", "a") ?? "")),
    price,
    downloadUrl: onlineCopyOf(record),
  };
  return checkedEntry(describePosition(position, controlNumber), input, problems, labels);
}

/** ISBD punctuation ends a subfield: "The C programming language /", "Data structures :". */
export function withoutIsbdPunctuation(text: string): string {
  return collapseSpace(text)
    .replace(/\s*[/:;=,]\s*$/, "")
    .replace(/(?<![.\s][A-Za-z]|\.\.)\.$/, "")
    .trim();
}

/** "Kernighan, Brian W.," → "Kernighan, Brian W." (the initial keeps its full stop). */
function personalName(text: string): string {
  return collapseSpace(text)
    .replace(/[,;:]$/, "")
    .replace(/(?<![\s.,][A-Za-z])\.$/, "")
    .trim();
}

/** The first 020 $a that is a valid ISBN ("0131103628 (pbk.)"), else the first one for the check to refuse. */
function isbnOf(values: string[]): string | undefined {
  const candidates = values
    .map(
      (value) =>
        value
          .trim()
          .match(/^[\dXx][\dXx\s-]*/)?.[0]
          .trim() ?? value.trim(),
    )
    .filter(Boolean);
  return candidates.find((candidate) => normaliseIsbn(candidate)) ?? candidates[0];
}

/** 264 with second indicator 1 (publication), else 260, else any 264. */
function publicationField(record: MarcRecord): MarcDataField | undefined {
  return (
    record.dataFields.find((field) => field.tag === "264" && field.ind2 === "1") ??
    record.dataFields.find((field) => field.tag === "260") ??
    record.dataFields.find((field) => field.tag === "264")
  );
}

/** 008/07-10, Date 1. */
function yearFromFixedField(record: MarcRecord): number | undefined {
  const date1 = record.controlFields.get("008")?.slice(7, 11);
  return date1 && /^\d{4}$/.test(date1) ? yearIn(date1) : undefined;
}

/** 008/35-37, else 041 $a. */
function languageOf(record: MarcRecord, field041: string | undefined): string | undefined {
  const fixed = record.controlFields.get("008")?.slice(35, 38);
  return languageCode(fixed?.trim() ? fixed : undefined) ?? languageCode(field041?.slice(0, 3));
}

/** "xii, 272 p. :", "350 pages ;", "1 online resource (xiv, 480 pages)". */
export function pagesIn(extent: string | undefined): number | undefined {
  const match = extent?.match(/(\d[\d,]*)\s*(?:p\b|p\.|pages?\b)/i);
  const pages = match ? Number(match[1]!.replace(/,/g, "")) : NaN;
  return pages > 0 && pages <= 100_000 ? pages : undefined;
}

/**
 * 020 $c ("Rs. 450.00"), else 365 $b with its currency in 365 $c, else Koha's purchase price
 * in the holdings (952 $g) in the configured currency.
 */
function priceOf(record: MarcRecord, options: MarcOptions, problems: string[]): CatalogueRecordInput["price"] {
  const field = (tag: string, code: string) =>
    record.dataFields
      .find((f) => f.tag === tag && f.subfields.some((s) => s.code === code && s.value.trim()))
      ?.subfields.find((s) => s.code === code)?.value;
  const candidates: Array<[label: string, text: string | undefined, currency: string | undefined]> = [
    ["price (020 $c)", field("020", "c"), undefined],
    ["price (365 $b)", field("365", "b"), field("365", "c")],
    ["price (952 $g)", field("952", "g"), undefined],
  ];
  for (const [label, text, currency] of candidates) {
    if (!text?.trim()) continue;
    const parsed = moneyAmount(text, label);
    if (parsed.problem) problems.push(parsed.problem);
    if (!parsed.value) return undefined;
    return { amount: parsed.value.amount, currency: currency?.trim() || parsed.value.currency || options.currency };
  }
  return undefined;
}

/**
 * 856 $u of the resource itself (second indicator 0 or 1, or blank), unless $3 or $z says it is
 * only a part of it (a table of contents, a cover, a sample, a publisher's description).
 */
function onlineCopyOf(record: MarcRecord): string | undefined {
  for (const field of record.dataFields) {
    if (field.tag !== "856" || !["0", "1", " ", ""].includes(field.ind2)) continue;
    const note = field.subfields
      .filter((s) => s.code === "3" || s.code === "z")
      .map((s) => s.value)
      .join(" ");
    if (/contents|cover|sample|excerpt|description|review|biograph/i.test(note)) continue;
    const url = field.subfields.find((s) => s.code === "u")?.value.trim();
    if (url) return url;
  }
  return undefined;
}

function optional(text: string): string | undefined {
  return text || undefined;
}

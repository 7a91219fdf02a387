import { z } from "zod";

/** The checked form of an ISBN-10 or ISBN-13 (hyphens and spaces allowed), as ISBN-13. */
export function normaliseIsbn(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, "").toUpperCase();
  if (/^\d{9}[\dX]$/.test(digits)) {
    const sum = [...digits].reduce((total, char, i) => total + (char === "X" ? 10 : Number(char)) * (10 - i), 0);
    if (sum % 11 !== 0) return null;
    return withIsbn13CheckDigit(`978${digits.slice(0, 9)}`);
  }
  if (/^97[89]\d{10}$/.test(digits)) {
    return withIsbn13CheckDigit(digits.slice(0, 12)) === digits ? digits : null;
  }
  return null;
}

function withIsbn13CheckDigit(first12: string): string {
  const sum = [...first12].reduce((total, char, i) => total + Number(char) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);
const webAddress = z
  .url({ protocol: /^https?$/, error: "must be an http(s) address" })
  .max(2048)
  .optional();

/**
 * One catalogue entry as an importer (or the seed) hands it to the catalogue store.
 * Everything a library export may lack is optional; a title is the least a record needs.
 */
export const catalogueRecordSchema = z
  .object({
    /** Where the record comes from: "seed", "csv", "marc", "gutenberg"… */
    source: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/),
    /** The source's own id for the record (a control number, an ebook number, a row key). */
    sourceId: text(200),
    isbn: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return undefined;
        const isbn = normaliseIsbn(value);
        if (!isbn) ctx.addIssue({ code: "custom", message: `"${value}" is not a valid ISBN` });
        return isbn ?? undefined;
      }),
    title: text(500),
    subtitle: optionalText(500),
    authors: z.array(text(200)).max(50).default([]),
    subjects: z.array(text(200)).max(50).default([]),
    /** ISO 639-1 ("en") or 639-2 ("eng") code. */
    language: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2,3}$/, "must be a language code like en or eng")
      .default("en"),
    pageCount: z.number().int().positive().max(100_000).optional(),
    publisher: optionalText(300),
    publishedYear: z.number().int().min(1000).max(2100).optional(),
    description: optionalText(5000),
    thumbnailUrl: webAddress,
    /** No price means free: the college lends its own books and links open e-books. */
    price: z
      .object({
        amount: z.number().nonnegative().max(10_000_000),
        currency: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{3}$/, "must be a currency code like INR"),
      })
      .optional(),
    notForSale: z.boolean().default(false),
    downloadUrl: webAddress,
    buyUrl: webAddress,
    infoUrl: webAddress,
  })
  .strict();

export type CatalogueRecordInput = z.input<typeof catalogueRecordSchema>;
export type CatalogueRecord = z.output<typeof catalogueRecordSchema>;

/** The key that makes a re-import update the same book: its ISBN, else its source's id. */
export function catalogueKey(record: Pick<CatalogueRecord, "isbn" | "source" | "sourceId">): string {
  return record.isbn ? `isbn:${record.isbn}` : `${record.source}:${record.sourceId}`;
}

export function saleabilityOf(record: CatalogueRecord): "FREE" | "FOR_SALE" | "NOT_FOR_SALE" {
  if (record.notForSale) return "NOT_FOR_SALE";
  return record.price && record.price.amount > 0 ? "FOR_SALE" : "FREE";
}

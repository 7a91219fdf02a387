/** Small conversions shared by the importers: text as library exports write it, into record fields. */

/** A list written in one cell: "a; b" (also "a | b"); blanks and repeats dropped, first spelling kept. */
export function splitList(cell: string | undefined, separators: RegExp = /[;|]/): string[] {
  if (!cell) return [];
  return uniqueIgnoringCase(
    cell
      .split(separators)
      .map((item) => item.trim())
      .filter(Boolean),
  );
}

export function uniqueIgnoringCase(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Runs of white space (new lines included) as one space. */
export function collapseSpace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export type Parsed<T> = { value: T | undefined; problem?: string };

const shown = (raw: string) => JSON.stringify(raw.length > 60 ? `${raw.slice(0, 57)}...` : raw);

/** A whole number like "272"; a blank cell is no value, anything else is a problem. */
export function wholeNumber(raw: string | undefined, label: string): Parsed<number> {
  const value = raw?.trim();
  if (!value) return { value: undefined };
  if (!/^\d{1,9}$/.test(value)) return { value: undefined, problem: `${label} ${shown(value)} is not a whole number` };
  return { value: Number(value) };
}

/**
 * An amount of money as people type it: "450", "450.50", "1,250.00", "₹ 450", "Rs. 450".
 * The currency, when the text names one, is returned with it.
 */
export function moneyAmount(raw: string | undefined, label: string): Parsed<{ amount: number; currency?: string }> {
  const value = raw?.trim();
  if (!value) return { value: undefined };
  const currency = currencyIn(value);
  const digits = value
    .replace(/^(?:rs\.?|inr|usd|gbp|eur|us\$|[₹$£€])\s*/i, "")
    .replace(/\s*(?:inr|usd|gbp|eur)$/i, "")
    .replace(/,/g, "");
  if (!/^\d{1,9}(?:\.\d{1,2})?$/.test(digits)) return { value: undefined, problem: `${label} ${shown(value)} is not an amount of money` };
  return { value: { amount: Number(digits), ...(currency ? { currency } : {}) } };
}

function currencyIn(text: string): string | undefined {
  if (/₹|\brs\.?|\binr\b/i.test(text)) return "INR";
  if (/£|\bgbp\b/i.test(text)) return "GBP";
  if (/€|\beur\b/i.test(text)) return "EUR";
  if (/\$|\busd\b/i.test(text)) return "USD";
  return undefined;
}

/** A four-digit year anywhere in the text ("c1988.", "[2019]", "©2020"). */
export function yearIn(text: string | undefined): number | undefined {
  const match = text?.match(/(?<!\d)(1\d{3}|20\d{2})(?!\d)/);
  return match ? Number(match[1]) : undefined;
}

/**
 * A stable key for a record that has neither an ISBN nor an id of its own: its title, first author
 * and year, lower case without accents or punctuation. Importing the same row again finds the same
 * book; a row whose title changes becomes a new book (give such rows an id).
 */
export function derivedSourceId(title: string, firstAuthor: string | undefined, year: number | undefined): string {
  const slug = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-|-$/g, "");
  return [slug(title), slug(firstAuthor ?? ""), year ?? ""].join("|").slice(0, 200);
}

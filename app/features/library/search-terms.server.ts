import { foldForSearch } from "./catalogue-store.server.ts";

/**
 * The words of a search, with everything else dropped: quotes, `*`, `:`, `^`, `-`, parentheses
 * and the like are punctuation to people but operators to the full-text engines, so they never
 * reach them. Letters, digits and combining marks (Tamil vowel signs, accents) stay.
 */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, " ")
    .trim()
    .split(" ")
    .filter((word) => word !== "" && !/^\p{M}+$/u.test(word));
}

/**
 * An FTS5 MATCH expression: every word must occur (in any column), the last one also as the
 * start of a word, so "jav" finds Java while it is being typed. The last word is asked for whole
 * or as a start (`("java" OR "java"*)`): a book with the whole word matches both, and bm25 adds
 * them up, so "java" ranks Java books above JavaScript ones. Each word is a quoted string, so
 * words like NEAR, AND or OR are words, not operators. SQLite's tokenizer folds case and accents
 * of the query as it did of the text. Null when no word is left.
 */
export function sqliteMatchExpression(text: string): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  // The words hold no `"` (searchWords keeps letters, digits and marks only).
  // An explicit AND: FTS5 takes no implicit one before a bracket.
  return words.map((word, index) => (index === words.length - 1 ? `("${word}" OR "${word}"*)` : `"${word}"`)).join(" AND ");
}

/**
 * What PostgreSQL's query gets: the complete words for websearch_to_tsquery, and the last word
 * for a prefix query (`to_tsquery('english', 'word:*')`), both accent-folded like the stored
 * vector (catalogue-store.server.ts); and every word whole (`all`), whose rank is added so that
 * a book with the last word whole ranks above one where it only starts a longer word. The prefix
 * word is letters and digits only, so it cannot carry tsquery syntax. Null when no word is left.
 */
export function postgresQueryParts(text: string): { words: string; prefix: string; all: string } | null {
  const words = searchWords(foldForSearch(text));
  if (words.length === 0) return null;
  return { words: words.slice(0, -1).join(" "), prefix: `${words.at(-1)}:*`, all: words.join(" ") };
}

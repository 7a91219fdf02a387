import type { Kysely } from "kysely";
import { versionedSnapshot } from "#app/lib/content-versions/versioned-snapshot.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { parseNames } from "./catalogue-search.server.ts";
import { foldForSearch } from "./catalogue-store.server.ts";
import { searchWords } from "./search-terms.server.ts";
import { correctedSearch, vocabularyOf, type Vocabulary } from "./spelling.ts";

/** A text's words as the vocabulary keeps them: accent-folded, in lower case. */
export const foldedWords = (text: string) => searchWords(foldForSearch(text));

/**
 * The catalogue's words (titles, subtitles, authors and subjects of the books shown), read when a search
 * first needs them and again only after the catalogue changed (an import, the seed).
 */
const catalogueVocabulary = versionedSnapshot("catalogue", async (db): Promise<Vocabulary> => {
  const [books, subjects] = await Promise.all([
    db.selectFrom("books").select(["title", "subtitle", "authors"]).where("saleability", "<>", "NOT_FOR_SALE").execute(),
    db.selectFrom("book_subjects").select("subject").distinct().execute(),
  ]);
  return vocabularyOf([
    ...books.map((book) => foldedWords(`${book.title} ${book.subtitle ?? ""} ${parseNames(book.authors).join(" ")}`)),
    ...subjects.map((row) => foldedWords(row.subject)),
  ]);
});

/** What a catalogue search that found nothing may have meant ("algoritms" → "algorithms"), or null. */
export async function catalogueSpelling(db: Kysely<Database>, text: string): Promise<string | null> {
  const words = foldedWords(text);
  return words.length === 0 ? null : correctedSearch(await catalogueVocabulary(db), words);
}

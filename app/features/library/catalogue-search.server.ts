import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { isPostgres } from "#app/lib/db/engine.server.ts";
import { booksPerPage, type BookCard, type BookPage, type BookProvider, type BookQuery } from "./book.ts";
import { SUBJECT_CHOICES } from "./limits.ts";
import { postgresQueryParts, sqliteMatchExpression } from "./search-terms.server.ts";

type BookRow = Pick<
  Database["books"],
  | "id"
  | "title"
  | "subtitle"
  | "authors"
  | "page_count"
  | "saleability"
  | "price_amount"
  | "price_currency"
  | "download_url"
  | "buy_url"
  | "info_url"
>;

const cardColumns = sql.raw(
  "b.id, b.title, b.subtitle, b.authors, b.page_count, b.saleability, b.price_amount, b.price_currency, b.download_url, b.buy_url, b.info_url",
);

/**
 * How much a match counts, by column: title, then authors, then subjects. The gaps are wide so
 * that a title match outranks an author match whatever the lengths of the two books' texts.
 */
const columnWeights = { title: 100, authors: 10, subjects: 1 };

/** The names a stored book lists (authors: a JSON array), none when it is not one. */
export function parseNames(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === "string") : [];
  } catch {
    return [];
  }
}

/**
 * A catalogue row as a card. Covers are drawn by the page: a catalogue's cover addresses point
 * at any site, which the page's security policy does not let load.
 */
export function catalogueCard(row: BookRow): BookCard {
  const forSale = row.saleability === "FOR_SALE";
  return {
    id: row.id,
    title: row.subtitle ? `${row.title}: ${row.subtitle}` : row.title,
    authors: parseNames(row.authors),
    pageCount: row.page_count,
    thumbnail: null,
    saleability: forSale ? "FOR_SALE" : "FREE",
    price:
      forSale && row.price_amount !== null && row.price_currency ? { amount: row.price_amount, currencyCode: row.price_currency } : null,
    downloadLink: forSale ? null : row.download_url,
    buyLink: forSale ? row.buy_url : null,
    infoLink: row.info_url,
  };
}

/** The filters as SQL conditions on `b` (books); books not for sale are never shown. */
function filterConditions(query: BookQuery): RawBuilder<unknown> {
  const conditions = [sql`b.saleability <> 'NOT_FOR_SALE'`];
  if (query.freeOnly) conditions.push(sql`b.saleability = 'FREE'`);
  if (query.language) conditions.push(sql`b.language = ${query.language}`);
  // A semi-join: the subject's books are read once from the (subject, book_id) index.
  if (query.subject) conditions.push(sql`b.id in (select s.book_id from book_subjects s where s.subject = ${query.subject})`);
  return sql.join(conditions, sql` and `);
}

async function searchRows(db: Kysely<Database>, query: BookQuery): Promise<BookRow[]> {
  // One more than a page tells whether there is a next one.
  const limit = booksPerPage + 1;
  const offset = (query.page - 1) * booksPerPage;
  if (isPostgres(db)) {
    const parts = postgresQueryParts(query.text);
    if (!parts) return [];
    // ts_rank's weights are listed D, C, B, A: subjects C, authors B, title A.
    const weights = `{0, ${columnWeights.subjects / 100}, ${columnWeights.authors / 100}, ${columnWeights.title / 100}}`;
    const { rows } = await sql<BookRow>`
      with q as (
        select websearch_to_tsquery('english', ${parts.words}) && to_tsquery('english', ${parts.prefix}) as query,
          websearch_to_tsquery('english', ${parts.all}) as whole
      )
      select ${cardColumns}
      from books b, q
      where b.search @@ q.query and ${filterConditions(query)}
      order by ts_rank(${weights}::float4[], b.search, q.query) + ts_rank(${weights}::float4[], b.search, q.whole) desc, b.title, b.id
      limit ${limit} offset ${offset}`.execute(db);
    return rows;
  }
  const match = sqliteMatchExpression(query.text);
  if (!match) return [];
  const needed = offset + limit;
  // Ranking every match is cheap; reading each matched book's row is not. So the matches are
  // ranked once, and only those ranked at least as well as the needed-th (ties included, so
  // the order is exactly the full query's) are joined to their books and filtered. Filters
  // that drop many books make that too few, and then all matches are read. The subject filter
  // always reads them (it keeps a small part of most matches).
  const candidates = query.subject || query.freeOnly || query.language ? null : 2 * needed;
  if (candidates) {
    const rows = await sqliteSearch(db, query, match, { limit, offset, candidates });
    if (rows.length === limit) return rows;
  }
  return sqliteSearch(db, query, match, { limit, offset, candidates: null });
}

async function sqliteSearch(
  db: Kysely<Database>,
  query: BookQuery,
  match: string,
  { limit, offset, candidates }: { limit: number; offset: number; candidates: number | null },
): Promise<BookRow[]> {
  const rank = sql`bm25(books_fts, ${sql.lit(columnWeights.title)}, ${sql.lit(columnWeights.authors)}, ${sql.lit(columnWeights.subjects)})`;
  if (!candidates) {
    const { rows } = await sql<BookRow>`
      select ${cardColumns}
      from books_fts f join books b on b.rowid = f.rowid
      where books_fts match ${match} and ${filterConditions(query)}
      order by ${rank}, b.title, b.id
      limit ${limit} offset ${offset}`.execute(db);
    return rows;
  }
  // CROSS JOIN keeps SQLite from starting at the books (by a filter's index) instead of the matches.
  const { rows } = await sql<BookRow>`
    with matches as materialized (select rowid, ${rank} as rank from books_fts where books_fts match ${match}),
    cutoff as (select rank from matches order by rank limit 1 offset ${candidates - 1})
    select ${cardColumns}
    from matches m cross join books b on b.rowid = m.rowid
    where (m.rank <= (select rank from cutoff) or not exists (select 1 from cutoff)) and ${filterConditions(query)}
    order by m.rank, b.title, b.id
    limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

/** The college catalogue: full-text search over the books table, on either engine. */
export function catalogueProvider(db: Kysely<Database>): BookProvider & { find(id: string): Promise<BookCard | null> } {
  return {
    name: "catalogue",
    async search(query) {
      const rows = await searchRows(db, query);
      return { books: rows.slice(0, booksPerPage).map(catalogueCard), hasMore: rows.length > booksPerPage } satisfies BookPage;
    },
    async find(id) {
      const row = await db
        .selectFrom("books as b")
        .select([
          "b.id",
          "b.title",
          "b.subtitle",
          "b.authors",
          "b.page_count",
          "b.saleability",
          "b.price_amount",
          "b.price_currency",
          "b.download_url",
          "b.buy_url",
          "b.info_url",
        ])
        .where("b.id", "=", id)
        .where("b.saleability", "<>", "NOT_FOR_SALE")
        .executeTakeFirst();
      return row ? catalogueCard(row) : null;
    },
  };
}

export interface FilterChoices {
  /** The most common subjects, most common first (lower case, as stored). */
  subjects: string[];
  /** The languages of the catalogue's books, as codes, in alphabetical order. */
  languages: string[];
  /** Whether the catalogue holds free books and books for sale: only then does 'Free e-books only' change a result. */
  freeAndForSale: boolean;
}

/** Read at most once a minute per database: they change only when a catalogue is imported. */
const choicesTtlMs = 60_000;
const choicesCache = new WeakMap<Kysely<Database>, { expires: number; choices: Promise<FilterChoices> }>();

async function readFilterChoices(db: Kysely<Database>): Promise<FilterChoices> {
  const [subjects, languages, saleabilities] = await Promise.all([
    db
      .selectFrom("book_subjects")
      .select(["subject", (eb) => eb.fn.countAll().as("books")])
      .groupBy("subject")
      .orderBy("books", "desc")
      .orderBy("subject")
      .limit(SUBJECT_CHOICES)
      .execute(),
    db.selectFrom("books").select("language").distinct().where("saleability", "<>", "NOT_FOR_SALE").orderBy("language").execute(),
    db.selectFrom("books").select("saleability").distinct().where("saleability", "<>", "NOT_FOR_SALE").execute(),
  ]);
  return {
    subjects: subjects.map((row) => row.subject),
    languages: languages.map((row) => row.language),
    freeAndForSale: saleabilities.length > 1,
  };
}

/** The subject and language filters' choices, from a cache of at most a minute. */
export function filterChoices(db: Kysely<Database>, now = Date.now()): Promise<FilterChoices> {
  const cached = choicesCache.get(db);
  if (cached && cached.expires > now) return cached.choices;
  const choices = readFilterChoices(db);
  choicesCache.set(db, { expires: now + choicesTtlMs, choices });
  // A failed read is not kept: the next page view tries again.
  choices.catch(() => {
    if (choicesCache.get(db)?.choices === choices) choicesCache.delete(db);
  });
  return choices;
}

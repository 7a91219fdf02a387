import { sql, type Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { raiseContentVersion } from "#app/lib/content-versions/content-versions.server.ts";
import { isPostgres } from "#app/lib/db/engine.server.ts";
import { catalogueKey, saleabilityOf, type CatalogueRecord } from "./catalogue-record.ts";

/** Lower case without accents: how PostgreSQL's index sees text (SQLite's tokenizer folds by itself). */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** Rows a statement writes at once: well inside both engines' limits on bound values. */
const batchSize = 500;

export interface UpsertResult {
  added: number;
  updated: number;
}

/**
 * Adds records to the catalogue or updates the books they already are (same ISBN, else the same
 * source id), each batch in one transaction: a batch is stored whole or not at all.
 */
export async function upsertCatalogueRecords(
  db: Kysely<Database>,
  records: readonly CatalogueRecord[],
  now: Date = new Date(),
): Promise<UpsertResult> {
  const result: UpsertResult = { added: 0, updated: 0 };
  for (let start = 0; start < records.length; start += batchSize) {
    const batch = records.slice(start, start + batchSize);
    const counts = await db.transaction().execute(async (trx) => {
      const batchCounts = await upsertBatch(trx, batch, now);
      await raiseContentVersion(trx, "catalogue");
      return batchCounts;
    });
    result.added += counts.added;
    result.updated += counts.updated;
  }
  return result;
}

async function upsertBatch(db: Kysely<Database>, records: readonly CatalogueRecord[], now: Date): Promise<UpsertResult> {
  // The last of several records with one key wins, as if they had been imported one by one.
  const byKey = new Map(records.map((record) => [catalogueKey(record), record]));
  const ids = [...byKey.keys()];
  const existing = new Set((await db.selectFrom("books").select("id").where("id", "in", ids).execute()).map((row) => row.id));
  const postgres = isPostgres(db);
  const timestamp = now.toISOString();
  const rows = [...byKey].map(([id, record]) => ({
    id,
    isbn: record.isbn ?? null,
    source: record.source,
    source_id: record.sourceId,
    title: record.title,
    subtitle: record.subtitle ?? null,
    authors: JSON.stringify(record.authors),
    subjects: JSON.stringify(record.subjects),
    language: record.language,
    page_count: record.pageCount ?? null,
    publisher: record.publisher ?? null,
    published_year: record.publishedYear ?? null,
    description: record.description ?? null,
    thumbnail_url: record.thumbnailUrl ?? null,
    saleability: saleabilityOf(record),
    price_amount: record.price?.amount ?? null,
    price_currency: record.price?.currency ?? null,
    download_url: record.downloadUrl ?? null,
    buy_url: record.buyUrl ?? null,
    info_url: record.infoUrl ?? null,
    created_at: timestamp,
    updated_at: timestamp,
    ...(postgres ? { search: searchVector(record) } : {}),
  }));
  await db
    .insertInto("books")
    .values(rows)
    .onConflict((conflict) =>
      conflict.column("id").doUpdateSet((eb) => ({
        isbn: eb.ref("excluded.isbn"),
        source: eb.ref("excluded.source"),
        source_id: eb.ref("excluded.source_id"),
        title: eb.ref("excluded.title"),
        subtitle: eb.ref("excluded.subtitle"),
        authors: eb.ref("excluded.authors"),
        subjects: eb.ref("excluded.subjects"),
        language: eb.ref("excluded.language"),
        page_count: eb.ref("excluded.page_count"),
        publisher: eb.ref("excluded.publisher"),
        published_year: eb.ref("excluded.published_year"),
        description: eb.ref("excluded.description"),
        thumbnail_url: eb.ref("excluded.thumbnail_url"),
        saleability: eb.ref("excluded.saleability"),
        price_amount: eb.ref("excluded.price_amount"),
        price_currency: eb.ref("excluded.price_currency"),
        download_url: eb.ref("excluded.download_url"),
        buy_url: eb.ref("excluded.buy_url"),
        info_url: eb.ref("excluded.info_url"),
        updated_at: eb.ref("excluded.updated_at"),
        ...(postgres ? { search: eb.ref("excluded.search") } : {}),
      })),
    )
    .execute();

  await db.deleteFrom("book_subjects").where("book_id", "in", ids).execute();
  const subjectRows = [...byKey].flatMap(([id, record]) =>
    [...new Set(record.subjects.map((subject) => subject.toLowerCase()))].map((subject) => ({ book_id: id, subject })),
  );
  for (let start = 0; start < subjectRows.length; start += batchSize) {
    await db
      .insertInto("book_subjects")
      .values(subjectRows.slice(start, start + batchSize))
      .execute();
  }
  return { added: ids.length - existing.size, updated: existing.size };
}

/** Title above author above subject, from accent-folded text. */
function searchVector(record: CatalogueRecord) {
  const title = foldForSearch([record.title, record.subtitle].filter(Boolean).join(" "));
  const authors = foldForSearch(record.authors.join(" "));
  const subjects = foldForSearch(record.subjects.join(" "));
  return sql<string>`setweight(to_tsvector('english', ${title}), 'A')
    || setweight(to_tsvector('english', ${authors}), 'B')
    || setweight(to_tsvector('english', ${subjects}), 'C')`;
}

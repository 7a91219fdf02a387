import { sql, type Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { isPostgres } from "#app/lib/db/engine.server.ts";
import type { BookCard } from "./book.ts";
import { READING_LIST_LIMIT } from "./limits.ts";

const text = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * A stored snapshot back as a card, every field checked: snapshots written by an older version
 * (or by hand) must not break the page. One without an id and a title is skipped.
 */
function snapshotCard(json: string): BookCard[] {
  let stored: Partial<Record<keyof BookCard, unknown>>;
  try {
    stored = JSON.parse(json) ?? {};
  } catch {
    return [];
  }
  const id = text(stored.id);
  const title = text(stored.title);
  if (!id || !title) return [];
  const price = stored.price as BookCard["price"] | undefined;
  const forSale = stored.saleability === "FOR_SALE";
  return [
    {
      id,
      title,
      authors: Array.isArray(stored.authors) ? stored.authors.filter((name): name is string => typeof name === "string") : [],
      pageCount: typeof stored.pageCount === "number" ? stored.pageCount : null,
      thumbnail: text(stored.thumbnail),
      saleability: forSale ? "FOR_SALE" : "FREE",
      price:
        forSale && typeof price?.amount === "number" && typeof price.currencyCode === "string"
          ? { amount: price.amount, currencyCode: price.currencyCode }
          : null,
      downloadLink: text(stored.downloadLink),
      buyLink: text(stored.buyLink),
      infoLink: text(stored.infoLink),
    },
  ];
}

/** A person's reading list, the book saved last first. */
export async function readingListOf(db: Kysely<Database>, userSub: string): Promise<BookCard[]> {
  const rows = await db
    .selectFrom("reading_list")
    .select("book")
    .where("user_sub", "=", userSub)
    .orderBy("added_at", "desc")
    .orderBy("book_id")
    .limit(READING_LIST_LIMIT)
    .execute();
  return rows.flatMap((row) => snapshotCard(row.book));
}

export type SaveOutcome = "saved" | "already-saved" | "list-full";

/**
 * Adds a book (the card as the server found it) to a person's list, unless it is there already
 * or the list is full. Counting and adding happen in one statement, and on PostgreSQL under a
 * lock per person, so two saves at once cannot both take the last place.
 */
export async function saveToReadingList(db: Kysely<Database>, userSub: string, book: BookCard, now = new Date()): Promise<SaveOutcome> {
  // SQLite runs one writing transaction at a time already.
  const postgres = isPostgres(db);
  return db.transaction().execute(async (trx) => {
    if (postgres) await sql`select pg_advisory_xact_lock(hashtext(${`reading_list:${userSub}`}))`.execute(trx);
    const result = await trx
      .insertInto("reading_list")
      .columns(["user_sub", "book_id", "book", "added_at"])
      .expression(
        trx
          .selectNoFrom([
            sql<string>`${userSub}`.as("user_sub"),
            sql<string>`${book.id}`.as("book_id"),
            sql<string>`${JSON.stringify(book)}`.as("book"),
            sql<string>`${now.toISOString()}`.as("added_at"),
          ])
          .where(
            (eb) =>
              eb
                .selectFrom("reading_list")
                .select((inner) => inner.fn.countAll().as("n"))
                .where("user_sub", "=", userSub),
            "<",
            READING_LIST_LIMIT,
          ),
      )
      .onConflict((conflict) => conflict.columns(["user_sub", "book_id"]).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return "saved";
    const existing = await trx
      .selectFrom("reading_list")
      .select("book_id")
      .where("user_sub", "=", userSub)
      .where("book_id", "=", book.id)
      .executeTakeFirst();
    return existing ? "already-saved" : "list-full";
  });
}

/** Says whether the book was on the list. */
export async function removeFromReadingList(db: Kysely<Database>, userSub: string, bookId: string): Promise<boolean> {
  const result = await db.deleteFrom("reading_list").where("user_sub", "=", userSub).where("book_id", "=", bookId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

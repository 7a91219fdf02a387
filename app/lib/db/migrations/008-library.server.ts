import { sql, type Kysely } from "kysely";
import { isPostgres } from "../engine.server.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The college catalogue. A book's id is its key for re-imports: "isbn:<ISBN-13>" when it has
  // one, else "<source>:<the source's own id>" (see features/library/catalogue-record.ts).
  await db.schema
    .createTable("books")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("isbn", "text")
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("source_id", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("subtitle", "text")
    // JSON arrays of strings; the full-text index reads them as text.
    .addColumn("authors", "text", (col) => col.notNull())
    .addColumn("subjects", "text", (col) => col.notNull())
    .addColumn("language", "text", (col) => col.notNull())
    .addColumn("page_count", "integer")
    .addColumn("publisher", "text")
    .addColumn("published_year", "integer")
    .addColumn("description", "text")
    .addColumn("thumbnail_url", "text")
    .addColumn("saleability", "text", (col) => col.notNull())
    .addColumn("price_amount", "double precision")
    .addColumn("price_currency", "text")
    .addColumn("download_url", "text")
    .addColumn("buy_url", "text")
    .addColumn("info_url", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("books_language").on("books").column("language").execute();
  await db.schema.createIndex("books_saleability").on("books").column("saleability").execute();

  // One row per subject heading, in lower case, for the subject filter and its list.
  await db.schema
    .createTable("book_subjects")
    .addColumn("book_id", "text", (col) => col.notNull().references("books.id").onDelete("cascade"))
    .addColumn("subject", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("book_subjects_pk", ["book_id", "subject"])
    .execute();
  await db.schema.createIndex("book_subjects_subject").on("book_subjects").columns(["subject", "book_id"]).execute();

  if (isPostgres(db)) {
    // Written by the catalogue store from accent-folded text (no unaccent extension needed):
    // title weighs A, authors B, subjects C.
    await sql`alter table books add column search tsvector`.execute(db);
    await sql`create index books_search on books using gin (search)`.execute(db);
  } else {
    // FTS5 over the books table itself (external content), kept in step by triggers.
    // unicode61 with remove_diacritics folds case and accents; porter stems English words;
    // the prefix indexes make typing-as-you-go prefix queries cheap.
    await sql`create virtual table books_fts using fts5(
      title, authors, subjects,
      content='books', content_rowid='rowid',
      tokenize='porter unicode61 remove_diacritics 2',
      prefix='2 3'
    )`.execute(db);
    await sql`create trigger books_fts_insert after insert on books begin
      insert into books_fts(rowid, title, authors, subjects)
      values (new.rowid, coalesce(new.title, '') || ' ' || coalesce(new.subtitle, ''), new.authors, new.subjects);
    end`.execute(db);
    await sql`create trigger books_fts_delete after delete on books begin
      insert into books_fts(books_fts, rowid, title, authors, subjects)
      values ('delete', old.rowid, coalesce(old.title, '') || ' ' || coalesce(old.subtitle, ''), old.authors, old.subjects);
    end`.execute(db);
    await sql`create trigger books_fts_update after update on books begin
      insert into books_fts(books_fts, rowid, title, authors, subjects)
      values ('delete', old.rowid, coalesce(old.title, '') || ' ' || coalesce(old.subtitle, ''), old.authors, old.subjects);
      insert into books_fts(rowid, title, authors, subjects)
      values (new.rowid, coalesce(new.title, '') || ' ' || coalesce(new.subtitle, ''), new.authors, new.subjects);
    end`.execute(db);
  }

  // A signed-in person's reading list. The book as it was shown is kept with the entry, so
  // books from the public books service (not in our catalogue) can be kept too.
  await db.schema
    .createTable("reading_list")
    .addColumn("user_sub", "text", (col) => col.notNull())
    .addColumn("book_id", "text", (col) => col.notNull())
    .addColumn("book", "text", (col) => col.notNull())
    .addColumn("added_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("reading_list_pk", ["user_sub", "book_id"])
    .execute();
  await db.schema.createIndex("reading_list_newest").on("reading_list").columns(["user_sub", "added_at"]).execute();
}

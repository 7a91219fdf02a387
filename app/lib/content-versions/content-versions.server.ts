import { EventEmitter } from "node:events";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { StoredContent } from "./page-cache.ts";

// Each kind of stored content has a version, raised with every change, so the page cache
// (server/page-cache/) can tell a stored page from before the change, on every instance.

const changes = new EventEmitter();

/**
 * The tables behind each kind of stored content: a change to any of them must raise its topic's
 * version in the same transaction (the database handle refuses one that does not:
 * db/content-write-guard.server.ts). A page kept for signed-out visitors reads no other table
 * (tests/integration/page-cache-coverage.test.ts). `books_fts` is SQLite's full-text index of the books.
 */
export const contentTables: Readonly<Record<StoredContent, readonly (keyof Database | "books_fts")[]>> = {
  feedback: ["feedback_posts"],
  catalogue: ["books", "book_subjects", "books_fts"],
  courses: ["courses", "course_paths", "course_listings", "lessons", "lesson_captions"],
  quizzes: ["quizzes", "quiz_questions"],
  // The Our Team page links the mentors shown on its cards.
  mentors: ["mentors"],
};

/**
 * Raises a topic's version. Call it in the transaction that makes the change, so the new
 * version becomes visible exactly when the change does, and a rolled-back change raises nothing.
 */
export async function raiseContentVersion(db: Kysely<Database>, topic: StoredContent): Promise<void> {
  const row = await db
    .insertInto("content_versions")
    .values({ topic, version: 1 })
    .onConflict((conflict) => conflict.column("topic").doUpdateSet((eb) => ({ version: eb("content_versions.version", "+", 1) })))
    .returning("version")
    .executeTakeFirstOrThrow();
  // Before the commit: this process's cache stops serving the topic's pages until it reads this version.
  changes.emit("raised", topic, Number(row.version));
}

/**
 * A change to stored content in a transaction of its own that raises the topic's version: for
 * writers with no transaction of their own to join (imports, test fixtures).
 */
export function changeContent<T>(db: Kysely<Database>, topic: StoredContent, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await work(trx);
    await raiseContentVersion(trx, topic);
    return result;
  });
}

export async function readContentVersions(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom("content_versions").select(["topic", "version"]).execute();
  return new Map(rows.map((row) => [row.topic, Number(row.version)]));
}

/** Calls the listener with every version this process raises; returns what stops it. */
export function onContentVersionRaised(listener: (topic: StoredContent, version: number) => void): () => void {
  changes.on("raised", listener);
  return () => changes.off("raised", listener);
}

import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { StoredContent } from "./page-cache.ts";

/** The stored contents' versions as this process last read them; undefined for one being changed. */
export type KnownVersions = (topic: StoredContent) => number | undefined;

/**
 * Stored content that every page reads (the courses, the quizzes) kept in memory, and read again
 * when its version (app/lib/content-versions/content-versions.server.ts) has moved: one small read per use instead
 * of the whole content, and a change made through any instance shows on the next request.
 * The version is read before the content, so what is kept is never older than its version says.
 *
 * `known`: the versions this process has last read (the page cache's watch, which reads them four
 * times a second and at once for a change made here): what is kept serves without a read when it is
 * at least as new as the topic's. A signed-in course page, filled in from the page kept at that version, spent
 * a quarter of its database time on this read.
 */
export function versionedSnapshot<T>(topic: StoredContent, load: (db: Kysely<Database>) => Promise<T>) {
  const kept = new WeakMap<Kysely<Database>, { version: number; value: Promise<T> }>();
  return async (db: Kysely<Database>, known?: KnownVersions): Promise<T> => {
    const current = kept.get(db);
    const knownVersion = known?.(topic);
    if (knownVersion !== undefined && current !== undefined && current.version >= knownVersion) return current.value;
    const row = await db.selectFrom("content_versions").select("version").where("topic", "=", topic).executeTakeFirst();
    const version = Number(row?.version ?? 0);
    const cached = kept.get(db);
    if (cached?.version === version) return cached.value;
    const value = load(db);
    kept.set(db, { version, value });
    // A failed read is not kept: the next request tries again.
    value.catch(() => {
      if (kept.get(db)?.value === value) kept.delete(db);
    });
    return value;
  };
}

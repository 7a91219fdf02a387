import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { StoredContent } from "./page-cache.ts";

/**
 * Stored content that every page reads (the courses, the quizzes) kept in memory, and read again
 * when its version (app/lib/content-versions/content-versions.server.ts) has moved: one small read per use instead
 * of the whole content, and a change made through any instance shows on the next request.
 * The version is read before the content, so what is kept is never older than its version says.
 */
export function versionedSnapshot<T>(topic: StoredContent, load: (db: Kysely<Database>) => Promise<T>) {
  const kept = new WeakMap<Kysely<Database>, { version: number; value: Promise<T> }>();
  return async (db: Kysely<Database>): Promise<T> => {
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

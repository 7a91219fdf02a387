import { createHash } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.ts";

const maxAttempts = 5;
const retryPauseMs = 100;

/**
 * Writes content that staff edit afterwards (courses, quizzes) once, on the first start, and never
 * again: a later start must not undo their work. The content and its seed_versions row are written
 * in one transaction, so a start that fails half-way leaves nothing and the next start seeds again.
 * Instances starting together: the loser's transaction fails on the seed_versions key (or SQLite's
 * lock) and, tried again after a pause, finds the seed applied.
 */
export async function seedOnFirstStart(
  db: Kysely<Database>,
  name: string,
  content: unknown,
  write: (trx: Transaction<Database>) => Promise<void>,
): Promise<boolean> {
  const hash = createHash("sha256").update(JSON.stringify(content)).digest("hex");
  for (let attempt = 1; ; attempt++) {
    const stored = await db.selectFrom("seed_versions").select("hash").where("name", "=", name).executeTakeFirst();
    if (stored) return false;
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("seed_versions").values({ name, hash, applied_at: new Date().toISOString() }).execute();
        await write(trx);
      });
      return true;
    } catch (error) {
      if (attempt >= maxAttempts) throw error;
      await delay(retryPauseMs * attempt * (1 + Math.random()));
    }
  }
}

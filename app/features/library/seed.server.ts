import { createHash } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { catalogueKey, catalogueRecordSchema, type CatalogueRecord, type CatalogueRecordInput } from "./catalogue-record.ts";
import { upsertCatalogueRecords } from "./catalogue-store.server.ts";
import { raiseContentVersion } from "#app/lib/content-versions/content-versions.server.ts";

/** Books the seed adds carry this source; the seed only ever changes or removes books with it. */
export const seedSource = "seed";
/** The seed's row in seed_versions. */
const seedName = "library-catalogue";
/** Ids bound in one statement: well inside both engines' limits. */
const idsPerStatement = 500;

export interface SeedResult {
  /** False when the database already held this very seed (a warm start: one read, no writes). */
  applied: boolean;
  added: number;
  updated: number;
  /** Seed books no longer in the seed, taken out of the catalogue. */
  removed: number;
  /** Seed entries left alone because the college imported the same book (same ISBN). */
  keptImported: number;
}

export class CatalogueSeedError extends Error {
  override name = "CatalogueSeedError";
}

/** Checks every entry and returns them parsed; one error lists every bad entry. */
export function parseCatalogueSeed(entries: readonly CatalogueRecordInput[]): CatalogueRecord[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const records = entries.flatMap((entry, index) => {
    const label = `entry ${index + 1} (${entry.sourceId || "no sourceId"})`;
    const result = catalogueRecordSchema.safeParse(entry);
    if (!result.success) {
      for (const issue of result.error.issues) problems.push(`${label}: ${issue.path.join(".") || "entry"} ${issue.message}`);
      return [];
    }
    if (result.data.source !== seedSource) problems.push(`${label}: source must be "${seedSource}"`);
    const key = catalogueKey(result.data);
    if (seen.has(key)) problems.push(`${label}: ${key} appears twice`);
    seen.add(key);
    return [result.data];
  });
  if (problems.length) throw new CatalogueSeedError(`The library catalogue seed is invalid:\n${problems.join("\n")}`);
  return records;
}

/** Identifies the seed's content: any change to any entry changes it. */
export function catalogueSeedHash(records: readonly CatalogueRecord[]): string {
  return createHash("sha256").update(JSON.stringify(records)).digest("hex");
}

/**
 * Brings the catalogue's seed books in line with `entries`, once per version of the seed.
 * Safe when several instances start at once: the upsert is idempotent and the version is written
 * last, so an interrupted run is simply repeated by the next start. PostgreSQL's row locks make
 * concurrent runs wait for each other; SQLite refuses a second writer ("database is locked"), so a
 * run that fails is tried again after a pause, by when the other may have finished the job.
 */
export async function applyCatalogueSeed(
  db: Kysely<Database>,
  entries: readonly CatalogueRecordInput[],
  now: Date = new Date(),
): Promise<SeedResult> {
  const records = parseCatalogueSeed(entries);
  const hash = catalogueSeedHash(records);
  for (let attempt = 1; ; attempt++) {
    const stored = await db.selectFrom("seed_versions").select("hash").where("name", "=", seedName).executeTakeFirst();
    if (stored?.hash === hash) return { applied: false, added: 0, updated: 0, removed: 0, keptImported: 0 };
    try {
      return await writeSeed(db, records, hash, now);
    } catch (error) {
      if (attempt >= maxAttempts) throw error;
      await delay(retryPauseMs * attempt * (1 + Math.random()));
    }
  }
}

const maxAttempts = 5;
const retryPauseMs = 100;

async function writeSeed(db: Kysely<Database>, records: readonly CatalogueRecord[], hash: string, now: Date): Promise<SeedResult> {
  const keys = records.map(catalogueKey);
  // A book the college imported under the same key (its ISBN) is theirs: the seed never overwrites it.
  const imported = new Set<string>();
  for (const ids of chunks(keys)) {
    const rows = await db.selectFrom("books").select("id").where("id", "in", ids).where("source", "!=", seedSource).execute();
    for (const row of rows) imported.add(row.id);
  }
  const { added, updated } = await upsertCatalogueRecords(
    db,
    records.filter((record) => !imported.has(catalogueKey(record))),
    now,
  );

  const wanted = new Set(keys);
  const seeded = await db.selectFrom("books").select("id").where("source", "=", seedSource).execute();
  const dropped = seeded.map((row) => row.id).filter((id) => !wanted.has(id));
  await db.transaction().execute(async (trx) => {
    for (const ids of chunks(dropped)) {
      // The cascade would do this too; said here so it does not depend on SQLite's foreign_keys pragma.
      await trx.deleteFrom("book_subjects").where("book_id", "in", ids).execute();
      await trx.deleteFrom("books").where("id", "in", ids).where("source", "=", seedSource).execute();
    }
    if (dropped.length) await raiseContentVersion(trx, "catalogue");
    const appliedAt = now.toISOString();
    await trx
      .insertInto("seed_versions")
      .values({ name: seedName, hash, applied_at: appliedAt })
      .onConflict((conflict) => conflict.column("name").doUpdateSet({ hash, applied_at: appliedAt }))
      .execute();
  });
  return { applied: true, added, updated, removed: dropped.length, keptImported: imported.size };
}

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += idsPerStatement) result.push(items.slice(start, start + idsPerStatement));
  return result;
}

// Lesson video uploads between their start and their end: whose each is, what they may take of
// the disk, and the removal of what was left behind. Both kinds are counted: a resumable upload
// (tus) from its declaration until it is finished, refused, deleted or forgotten, and a plain form
// post while it is being received.
import { readdir, rm, statfs } from "node:fs/promises";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import { isPostgres } from "#app/lib/db/engine.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { DISK_FULL_TEXT, quotaText } from "../limits.ts";

/** An unfinished upload is kept this long for its sender to resume it; then it is forgotten. */
export const keptUnfinishedMs = 24 * 60 * 60 * 1000;

const MB = 1024 * 1024;

export interface UploadLimits {
  /** The bytes one person's unfinished uploads may declare together (UPLOAD_QUOTA_MB). */
  quotaBytes: number;
  /** The folder whose disk takes the uploads (MEDIA_DIR), and what must stay free on it (UPLOAD_DISK_RESERVE_MB). */
  mediaRoot: string;
  reserveBytes: number;
}

/** Taken in, or refused: the disk is nearly full, or the allowance used up (with what to tell the person). */
type Verdict = { ok: true } | { ok: false; reason: "disk" | "quota"; message: string };

/** Whether the disk holding `folder` keeps `reserveBytes` free after `bytes` more are written. */
export async function diskHasRoom(folder: string, bytes: number, reserveBytes: number): Promise<boolean> {
  const disk = await statfs(folder);
  return disk.bavail * disk.bsize - bytes >= reserveBytes;
}

/**
 * Takes in an upload of `bytes` for `owner` under `id`, or says why not: the disk would be left
 * nearly full, or the owner's unfinished uploads would come to more than their allowance. Taken in,
 * it counts until `releaseUpload`. Two declarations of one person at once (two workers, two
 * instances) are counted one after the other: the row is written before the sum is read, under a
 * lock of that person's on PostgreSQL, under SQLite's one writer otherwise.
 */
export async function admitUpload(
  db: Kysely<Database>,
  limits: UploadLimits,
  { id, owner, bytes, now = new Date() }: { id: string; owner: string; bytes: number; now?: Date },
): Promise<Verdict> {
  if (!(await diskHasRoom(limits.mediaRoot, bytes, limits.reserveBytes))) return { ok: false, reason: "disk", message: DISK_FULL_TEXT };
  const overAllowance = Symbol("over the allowance");
  let waiting = 0;
  try {
    await db.transaction().execute(async (trx) => {
      if (isPostgres(db)) await sql`select pg_advisory_xact_lock(hashtextextended(${`video-uploads:${owner}`}, 0))`.execute(trx);
      await trx.insertInto("video_uploads").values({ id, owner_sub: owner, bytes, created_at: now.toISOString() }).execute();
      const { total } = await trx
        .selectFrom("video_uploads")
        .select((eb) => eb.fn.sum<number | string | null>("bytes").as("total"))
        .where("owner_sub", "=", owner)
        .where("created_at", ">", new Date(now.getTime() - keptUnfinishedMs).toISOString())
        .executeTakeFirstOrThrow();
      if (Number(total) > limits.quotaBytes) {
        waiting = Number(total) - bytes;
        throw overAllowance;
      }
    });
  } catch (error) {
    if (error === overAllowance) return { ok: false, reason: "quota", message: quotaText(limits.quotaBytes / MB, Math.ceil(waiting / MB)) };
    throw error;
  }
  return { ok: true };
}

/** Who started the upload `id`; undefined when no upload of that id is waiting. */
export async function uploadOwner(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const row = await db.selectFrom("video_uploads").select("owner_sub").where("id", "=", id).executeTakeFirst();
  return row?.owner_sub;
}

/** The upload no longer counts against its owner's allowance (its files are gone or moved). */
export async function releaseUpload(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("video_uploads").where("id", "=", id).execute();
}

/** Ids looked up at a time: well inside both engines' limits on bound values. */
const idsPerQuery = 500;

/**
 * Forgets uploads a day old and removes from `directory` (MEDIA_DIR/.uploads) every file no upload
 * claims: pieces of uploads forgotten or left behind by a crash, files of plain form posts that
 * were cut off. A file is written only after its upload's row and removed before it, so a file
 * without a row is left over. Returns how many uploads' files were removed.
 */
export async function removeAbandonedUploads(db: Kysely<Database>, directory: string, now = new Date()): Promise<number> {
  await db
    .deleteFrom("video_uploads")
    .where("created_at", "<=", new Date(now.getTime() - keptUnfinishedMs).toISOString())
    .execute();
  // The folder is read before the rows: an upload that starts meanwhile has its row already.
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const ids = [...new Set(names.map((name) => name.replace(/\.json$/, "")))];
  const claimed = new Set<string>();
  for (let start = 0; start < ids.length; start += idsPerQuery) {
    const rows = await db
      .selectFrom("video_uploads")
      .select("id")
      .where("id", "in", ids.slice(start, start + idsPerQuery))
      .execute();
    for (const row of rows) claimed.add(row.id);
  }
  const abandoned = ids.filter((id) => !claimed.has(id));
  for (const id of abandoned) {
    await rm(join(directory, id), { force: true, recursive: true });
    await rm(join(directory, `${id}.json`), { force: true });
  }
  return abandoned.length;
}

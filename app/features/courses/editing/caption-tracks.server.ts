import type { Kysely, Transaction } from "kysely";
import { recordStaffAction, type StaffActor } from "#app/lib/db/audit-log.server.ts";
import { isPostgres } from "#app/lib/db/engine.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { done, endPosition, notFound, refused, staffChange, type EditResult } from "#app/features/staff/index.server.ts";
import { CAPTION_TRACKS_MAX } from "../limits.ts";
import type { CaptionFile } from "../types.ts";

/**
 * The lesson's tracks, read with the lesson's row locked on PostgreSQL, so that two changes to the
 * same lesson (two uploads, an upload and the lesson's deletion) take turns. SQLite has one writer
 * at a time: a second one that cannot wait for it fails, and nothing of it is stored.
 */
export async function lockedTracks(trx: Transaction<Database>, lessonId: string) {
  const lesson = trx.selectFrom("lessons").select("id").where("id", "=", lessonId);
  if (!(await (isPostgres<Database>(trx) ? lesson.forUpdate() : lesson).executeTakeFirst())) return undefined;
  return trx
    .selectFrom("lesson_captions")
    .select(["language", "label", "file", "position"])
    .where("lesson_id", "=", lessonId)
    .orderBy("position")
    .execute();
}

/**
 * Adds a captions track to a lesson, or replaces the one in the same language (its file and label;
 * it keeps its place in the menu). Answers the replaced file, for the caller to remove.
 */
export async function saveCaptionTrack(
  db: Kysely<Database>,
  actor: StaffActor,
  lessonId: string,
  track: CaptionFile,
): Promise<EditResult<{ replaced: string | null }>> {
  return staffChange(db, "courses", async (trx) => {
    const before = await lockedTracks(trx, lessonId);
    if (!before) return notFound("lesson");
    const same = before.find((old) => old.language === track.language);
    const labelTaken = before.find((old) => old.language !== track.language && old.label === track.label);
    if (labelTaken)
      return refused(409, `The ${labelTaken.language} captions are already labelled “${track.label}”. Give these another label.`);
    if (!same && before.length >= CAPTION_TRACKS_MAX)
      return refused(409, `A lesson can have at most ${CAPTION_TRACKS_MAX} captions tracks. Remove one before adding another.`);
    if (same) {
      await trx
        .updateTable("lesson_captions")
        .set({ file: track.file, label: track.label })
        .where("lesson_id", "=", lessonId)
        .where("language", "=", track.language)
        .execute();
    } else {
      await trx
        .insertInto("lesson_captions")
        .values({
          lesson_id: lessonId,
          ...track,
          position: await endPosition(trx, "lesson_captions", ["lesson_id", lessonId], 1),
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    await recordStaffAction(trx, actor, {
      action: "lesson.captions",
      subject: `lesson:${lessonId}`,
      before: same ?? null,
      after: { language: track.language, label: track.label, file: track.file },
    });
    return done({ replaced: same?.file ?? null });
  });
}

/** Takes one language's captions off a lesson; answers the file, for the caller to remove. */
export async function removeCaptionTrack(
  db: Kysely<Database>,
  actor: StaffActor,
  lessonId: string,
  language: string,
): Promise<EditResult<{ removed: string }>> {
  return staffChange(db, "courses", async (trx) => {
    const before = await lockedTracks(trx, lessonId);
    if (!before) return notFound("lesson");
    const track = before.find((old) => old.language === language);
    if (!track) return notFound("captions track");
    await trx.deleteFrom("lesson_captions").where("lesson_id", "=", lessonId).where("language", "=", language).execute();
    await recordStaffAction(trx, actor, { action: "lesson.captions-remove", subject: `lesson:${lessonId}`, before: track });
    return done({ removed: track.file });
  });
}

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every lesson video upload not yet finished (features/courses/editing/unfinished-uploads.server.ts): whose
  // it is (only they may continue, read or delete it) and the bytes it declared, counted against
  // its owner's allowance (UPLOAD_QUOTA_MB). The row goes when the upload is finished, refused,
  // deleted or forgotten a day after it started; its pieces wait in MEDIA_DIR/.uploads meanwhile.
  await db.schema
    .createTable("video_uploads")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("owner_sub", "text", (col) => col.notNull())
    .addColumn("bytes", "bigint", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("video_uploads_owner").on("video_uploads").column("owner_sub").execute();
}

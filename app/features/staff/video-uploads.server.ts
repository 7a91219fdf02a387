import { mkdir, rename, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { dirname, join, resolve } from "node:path";
import { FileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import type { Config } from "#app/lib/env.server.ts";
import type { MediaStore } from "#app/lib/media-store.server.ts";
import type { StaffActor } from "./audit.server.ts";
import { staffLesson, updateLesson } from "./course-editor.server.ts";
import { removeLater } from "./lesson-forms.server.ts";
import { readHead, videoKind, videoSeconds } from "./video-file.server.ts";
import { VIDEO_UPLOAD_PATH } from "./limits.ts";

/** An unfinished upload is kept this long for its sender to resume it. */
const keptUnfinishedMs = 24 * 60 * 60 * 1000;

/** Thrown from a hook: tus answers with this status and text. */
const refusal = (status_code: number, body: string) => ({ status_code, body });

/** Who sends each upload request: set by the server, which has checked their role, before tus reads the request. */
const senders = new WeakMap<IncomingMessage, StaffActor>();
/** The Node request under the protocol library's request object (srvx's `runtime.node`). */
const senderOf = (req: unknown) => {
  const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  return node ? senders.get(node) : undefined;
};

export interface VideoUploadServices {
  db: Kysely<Database>;
  config: Pick<Config, "MEDIA_DIR" | "MAX_UPLOAD_MB">;
  mediaStore: MediaStore;
}

/**
 * Resumable lesson video uploads (the tus protocol), for a recording of several GB over an
 * unreliable connection: the browser sends it in pieces and, after a dropped connection or even a
 * reload, carries on from the last byte the server has. Pieces go to MEDIA_DIR/.uploads (a dotfile
 * folder: never served); a finished upload is checked by its content (MP4 or WebM), its length read,
 * and it becomes the lesson's video, with a line in the audit log.
 */
function createUploadServer({ db, config, mediaStore }: VideoUploadServices) {
  const mediaRoot = resolve(config.MEDIA_DIR);
  const directory = join(mediaRoot, ".uploads");
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: keptUnfinishedMs });
  return new Server({
    path: VIDEO_UPLOAD_PATH,
    datastore,
    maxSize: config.MAX_UPLOAD_MB * 1024 * 1024,
    relativeLocation: true,
    async onUploadCreate(req, upload) {
      const sender = senderOf(req);
      if (!sender) throw refusal(403, "Only teachers and administrators upload lesson videos.");
      const lesson = await staffLesson(db, upload.metadata?.lesson ?? "");
      if (!lesson) throw refusal(404, "There is no such lesson. It may have been deleted: reload the page.");
      // Who sent it is the server's to say, not the browser's.
      return { metadata: { ...upload.metadata, lesson: lesson.id, senderSub: sender.sub, senderName: sender.name } };
    },
    async onUploadFinish(_req, upload) {
      await adoptFinishedUpload(upload, { db, mediaStore, mediaRoot, directory });
      return {};
    },
  });
}

async function adoptFinishedUpload(
  upload: Upload,
  { db, mediaStore, mediaRoot, directory }: { db: Kysely<Database>; mediaStore: MediaStore; mediaRoot: string; directory: string },
) {
  const path = join(directory, upload.id);
  const forget = () => Promise.all([rm(path, { force: true }), rm(`${path}.json`, { force: true })]);
  const kind = videoKind(await readHead(path));
  if (!kind) {
    await forget();
    throw refusal(
      415,
      "This file is not an MP4 or WebM video (whatever its name says). Please export the recording as MP4 and upload it again.",
    );
  }
  const { lesson: lessonId = "", senderSub = "", senderName = "" } = upload.metadata ?? {};
  const seconds = await videoSeconds(path, kind);
  const key = `lessons/${lessonId}/${upload.id}.${kind}`;
  const target = join(mediaRoot, key);
  await mkdir(dirname(target), { recursive: true });
  await rename(path, target);
  await rm(`${path}.json`, { force: true });
  const updated = await updateLesson(db, { sub: senderSub ?? "", name: senderName ?? "" }, lessonId ?? "", "lesson.video", {
    video: key,
    duration_seconds: seconds,
  });
  if (!updated.ok) {
    await mediaStore.remove(key);
    throw refusal(updated.status, updated.message);
  }
  removeLater({ db, mediaStore }, updated.value.video);
}

/** The upload endpoint; each request is answered for `sender`, whose role the caller has checked. */
export function videoUploads(services: VideoUploadServices) {
  const server = createUploadServer(services);
  return {
    handle(req: IncomingMessage, res: ServerResponse, sender: StaffActor): Promise<void> {
      senders.set(req, sender);
      return server.handle(req, res);
    },
    /** Forgets uploads left unfinished for a day. */
    pruneUnfinished: () => server.cleanUpExpiredUploads(),
  };
}

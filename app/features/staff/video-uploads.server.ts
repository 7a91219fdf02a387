import { createReadStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { dirname, join, resolve } from "node:path";
import { FileStore } from "@tus/file-store";
import { Server } from "@tus/server";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import type { Config } from "#app/lib/env.server.ts";
import type { MediaStore } from "#app/lib/media-store.server.ts";
import type { S3Storage } from "#app/lib/s3-storage.server.ts";
import type { StaffActor } from "#app/lib/audit-log.server.ts";
import { staffLesson, updateLesson } from "./course-editor.server.ts";
import { removeLater } from "./replaced-files.server.ts";
import { readHead, videoKind, videoSeconds, type VideoKind } from "./video-file.server.ts";
import { receiveVideoForm } from "./video-form.server.ts";
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
  /** The S3 bucket uploads go to when one is configured; else MEDIA_DIR. */
  bucket?: S3Storage;
}

const videoTypes: Record<VideoKind, string> = { mp4: "video/mp4", webm: "video/webm" };

/**
 * Resumable lesson video uploads (the tus protocol), for a recording of several GB over an
 * unreliable connection: the browser sends it in pieces and, after a dropped connection or even a
 * reload, carries on from the last byte the server has. Pieces go to MEDIA_DIR/.uploads (a dotfile
 * folder: never served); a finished upload is checked by its content (MP4 or WebM), its length read,
 * and it becomes the lesson's video, with a line in the audit log.
 */
function createUploadServer({ db, config, mediaStore, bucket }: VideoUploadServices) {
  const mediaRoot = resolve(config.MEDIA_DIR);
  const directory = join(mediaRoot, ".uploads");
  // The pieces gather in MEDIA_DIR/.uploads whatever the store: the finished file is checked and
  // measured on disk, then moved into place (renamed in MEDIA_DIR, or sent to the bucket).
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: keptUnfinishedMs });
  const adopt = adoptFinishedUpload({ db, mediaStore, mediaRoot, bucket });
  const server = new Server({
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
      const { lesson = "", senderSub = "", senderName = "" } = upload.metadata ?? {};
      await adopt(join(directory, upload.id), {
        id: upload.id,
        lesson: lesson ?? "",
        sender: { sub: senderSub ?? "", name: senderName ?? "" },
      });
      return {};
    },
  });
  return { server, adopt, directory };
}

const notAVideo = "This file is not an MP4 or WebM video (whatever its name says). Please export the recording as MP4 and upload it again.";

/** A finished upload: its id (the file's name), its lesson and who sent it. */
interface FinishedUpload {
  id: string;
  lesson: string;
  sender: StaffActor;
}

/** Makes a finished upload the lesson's video, in one audited change; the file it replaces goes a little later. */
async function makeLessonVideo(
  db: Kysely<Database>,
  { lesson, sender }: FinishedUpload,
  key: string,
  seconds: number | null,
  mediaStore: MediaStore,
) {
  const updated = await updateLesson(db, sender, lesson, "lesson.video", {
    video: key,
    duration_seconds: seconds,
  });
  if (!updated.ok) {
    await mediaStore.remove(key);
    throw refusal(updated.status, updated.message);
  }
  removeLater(mediaStore, updated.value.video);
}

/**
 * A finished upload, checked by its content and measured, becomes lessons/<lesson>/<upload>.<mp4|webm>:
 * renamed within MEDIA_DIR, or sent to the bucket and removed from the disk.
 */
function adoptFinishedUpload({
  db,
  mediaStore,
  mediaRoot,
  bucket,
}: {
  db: Kysely<Database>;
  mediaStore: MediaStore;
  mediaRoot: string;
  bucket?: S3Storage;
}) {
  return async (path: string, upload: FinishedUpload) => {
    const forget = () => Promise.all([rm(path, { force: true }), rm(`${path}.json`, { force: true })]);
    const kind = videoKind(await readHead(path));
    if (!kind) {
      await forget();
      throw refusal(415, notAVideo);
    }
    const seconds = await videoSeconds(path, kind);
    const key = `lessons/${upload.lesson}/${upload.id}.${kind}`;
    if (bucket) {
      try {
        await bucket.put(key, createReadStream(path), videoTypes[kind]);
      } finally {
        await forget();
      }
    } else {
      const target = join(mediaRoot, key);
      await mkdir(dirname(target), { recursive: true });
      await rename(path, target);
      await rm(`${path}.json`, { force: true });
    }
    await makeLessonVideo(db, upload, key, seconds, mediaStore);
  };
}

/** The upload endpoint; each request is answered for `sender`, whose role the caller has checked. */
export function videoUploads(services: VideoUploadServices) {
  const { server, adopt, directory } = createUploadServer(services);
  return {
    handle(req: IncomingMessage, res: ServerResponse, sender: StaffActor): Promise<void> {
      senders.set(req, sender);
      return server.handle(req, res);
    },
    /**
     * The lesson page's plain form, for a browser without JavaScript: the whole file in one post,
     * streamed to disk (never held in memory), then checked like a resumable upload. Answers with
     * where to go next: back to the lesson page, saying how it went.
     */
    async receiveForm(req: IncomingMessage, sender: StaffActor): Promise<string> {
      const received = await receiveVideoForm(req, { directory, maxBytes: services.config.MAX_UPLOAD_MB * 1024 * 1024 });
      const lesson = received.lesson ? await staffLesson(services.db, received.lesson) : undefined;
      const back = (outcome: string) =>
        lesson ? `/staff/courses/${lesson.course_slug}/lessons/${lesson.id}?${outcome}` : "/staff/courses";
      if (!received.ok || !lesson) {
        if (received.ok) await rm(received.path, { force: true });
        return back(`video-problem=${received.ok ? "lesson" : received.problem}`);
      }
      try {
        await adopt(received.path, { id: received.id, lesson: lesson.id, sender });
        return back("saved=video");
      } catch (error) {
        const status = (error as { status_code?: number }).status_code;
        if (status === 415) return back("video-problem=type");
        throw error;
      }
    },
    /** Forgets uploads left unfinished for a day. */
    pruneUnfinished: () => server.cleanUpExpiredUploads(),
  };
}

import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { dirname, join, resolve } from "node:path";
import { FileStore } from "@tus/file-store";
import { ERRORS, Server, type Upload } from "@tus/server";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "#app/lib/db/schema.ts";
import { uploadQuotaMb, type Config } from "#app/lib/config/env.server.ts";
import type { MediaStore } from "#app/lib/storage/media-store.server.ts";
import type { S3Storage } from "#app/lib/storage/s3-storage.server.ts";
import type { StaffActor } from "#app/lib/db/audit-log.server.ts";
import { isStorableText, unstorableTextMessage } from "#app/lib/text/text.ts";
import { staffLesson, updateLesson } from "./course-editor.server.ts";
import { removeLater } from "./replaced-files.server.ts";
import { admitUpload, diskHasRoom, keptUnfinishedMs, releaseUpload, uploadOwner, type UploadLimits } from "./unfinished-uploads.server.ts";
import { readHead, videoKind, videoSeconds, type VideoKind } from "./video-file.server.ts";
import { receiveVideoForm, type Admission } from "./video-form.server.ts";
import { DISK_FULL_TEXT, NOT_ON_THE_TEAM_TEXT, VIDEO_UPLOAD_PATH } from "../limits.ts";
import { archivedRefusal } from "#app/features/staff/index.server.ts";

const MB = 1024 * 1024;

/** Thrown from a hook: tus answers with this status and text. */
const refusal = (status_code: number, body: string) => ({ status_code, body });

/** Who sends an upload, whether they may change a course's lessons (on its team, or an administrator), and their request's log. */
export interface UploadSender {
  actor: StaffActor;
  mayChangeCourse: (slug: string) => Promise<boolean>;
  logger: Logger;
}

/** Who sends each upload request: set by the server, which has checked their role, before tus reads the request. */
const senders = new WeakMap<IncomingMessage, UploadSender>();
/** The Node request under the protocol library's request object (srvx's `runtime.node`). */
const senderOf = (req: unknown) => {
  const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  return node ? senders.get(node) : undefined;
};

export interface VideoUploadServices {
  db: Kysely<Database>;
  config: Pick<Config, "MEDIA_DIR" | "MAX_UPLOAD_MB" | "UPLOAD_QUOTA_MB" | "UPLOAD_DISK_RESERVE_MB">;
  mediaStore: MediaStore;
  /** The S3 bucket uploads go to when one is configured; else MEDIA_DIR. */
  bucket?: S3Storage;
}

const videoTypes: Record<VideoKind, string> = { mp4: "video/mp4", webm: "video/webm" };

/**
 * The folder of unfinished uploads' pieces (tus's own store): an upload it fails to make, or one its
 * sender deletes, stops counting against their allowance before the answer is sent.
 */
class UploadFolder extends FileStore {
  readonly release: (id: string) => Promise<void>;
  constructor(directory: string, release: (id: string) => Promise<void>) {
    super({ directory, expirationPeriodInMilliseconds: keptUnfinishedMs });
    this.release = release;
  }
  override async create(upload: Upload) {
    try {
      return await super.create(upload);
    } catch (error) {
      // Its row would hold the allowance until it expires; a failure to remove it adds nothing to this one.
      await this.release(upload.id).catch(() => {});
      throw error;
    }
  }
  override async remove(id: string) {
    await super.remove(id);
    await this.release(id);
  }
}

/**
 * Resumable lesson video uploads (the tus protocol), for a recording of several GB over an
 * unreliable connection: the browser sends it in pieces and, after a dropped connection or even a
 * reload, carries on from the last byte the server has. Pieces go to MEDIA_DIR/.uploads (a dotfile
 * folder: never served); a finished upload is checked by its content (MP4 or WebM), its length read,
 * and it becomes the lesson's video, with a line in the audit log naming who finished it.
 *
 * An upload is its starter's alone: anyone else continuing (PATCH), reading (HEAD) or deleting it
 * gets the answer of an upload that does not exist. Its metadata keeps only its lesson; who started
 * it is in the database, with the bytes it declared, counted against their allowance.
 */
async function createUploadServer({ db, config, mediaStore, bucket }: VideoUploadServices) {
  const mediaRoot = resolve(config.MEDIA_DIR);
  const directory = join(mediaRoot, ".uploads");
  // Made here, where a failure (a read-only disk) fails this request only: the store makes its
  // folder too, but throws a failure from a callback, where it would end the process.
  await mkdir(directory, { recursive: true });
  const maxBytes = config.MAX_UPLOAD_MB * MB;
  const limits: UploadLimits = {
    quotaBytes: uploadQuotaMb(config) * MB,
    mediaRoot,
    reserveBytes: config.UPLOAD_DISK_RESERVE_MB * MB,
  };
  // The pieces gather in MEDIA_DIR/.uploads whatever the store: the finished file is checked and
  // measured on disk, then moved into place (renamed in MEDIA_DIR, or sent to the bucket).
  const datastore = new UploadFolder(directory, (id) => releaseUpload(db, id));
  const adopt = adoptFinishedUpload({ db, mediaStore, mediaRoot, bucket });
  const server = new Server({
    path: VIDEO_UPLOAD_PATH,
    datastore,
    maxSize: maxBytes,
    relativeLocation: true,
    async onIncomingRequest(req, id) {
      if (req.method === "POST") return; // a new upload, its id just made
      const sender = senderOf(req);
      // Someone else's upload gets the very answer of one that does not exist: nothing is learnt about it.
      if (!sender || !isStorableText(id) || (await uploadOwner(db, id)) !== sender.actor.sub) throw ERRORS.FILE_NOT_FOUND;
      if (req.method === "PATCH") {
        const length = Number(req.headers.get("content-length") ?? maxBytes);
        if (!(await diskHasRoom(mediaRoot, length, limits.reserveBytes))) throw refusal(507, DISK_FULL_TEXT);
      }
    },
    async onUploadCreate(req, upload) {
      const sender = senderOf(req);
      if (!sender) throw refusal(403, "Only teachers and administrators upload lesson videos.");
      const given = Object.entries(upload.metadata ?? {});
      if (given.some(([key, value]) => !isStorableText(key) || (value !== null && !isStorableText(value)))) {
        throw refusal(400, unstorableTextMessage("The upload's description (Upload-Metadata)"));
      }
      const lesson = await staffLesson(db, upload.metadata?.lesson ?? "");
      if (!lesson) throw refusal(404, "There is no such lesson. It may have been deleted: reload the page.");
      if (!(await sender.mayChangeCourse(lesson.course_slug))) throw refusal(403, NOT_ON_THE_TEAM_TEXT);
      const archived = await archivedRefusal(db, "course", lesson.course_slug);
      if (archived) throw refusal(409, archived);
      // An upload whose length comes later may grow to the largest allowed: that much is counted.
      const admitted = await admitUpload(db, limits, { id: upload.id, owner: sender.actor.sub, bytes: upload.size ?? maxBytes });
      if (!admitted.ok) throw refusal(admitted.reason === "disk" ? 507 : 413, admitted.message);
      // Only what the server needs is kept: none of the browser's own (the file's name, its type).
      return { metadata: { lesson: lesson.id } };
    },
    async onUploadFinish(req, upload) {
      const sender = senderOf(req);
      try {
        if (!sender) throw refusal(403, "Only teachers and administrators upload lesson videos.");
        // Taken off the course's team while it was sent: the video does not become the lesson's.
        const lesson = await staffLesson(db, upload.metadata?.lesson ?? "");
        if (lesson && !(await sender.mayChangeCourse(lesson.course_slug))) throw refusal(403, NOT_ON_THE_TEAM_TEXT);
        // Only the starter reaches this far (onIncomingRequest): who finishes it is who the audit log names.
        await adopt(
          join(directory, upload.id),
          { id: upload.id, lesson: upload.metadata?.lesson ?? "", sender: sender.actor },
          sender.logger,
        );
      } finally {
        await releaseUpload(db, upload.id);
      }
      return {};
    },
    async onResponseError(req, error) {
      const status = (error as { status_code?: number }).status_code;
      const logger = senderOf(req)?.logger;
      if (status === 507) logger?.warn("refused a video upload: the disk of the media folder is nearly full");
      // Refusals (404, 409, 413, 415, 507…) are answers; anything else is a failure of ours, said
      // here once, and to the browser in words of ours (tus would add the error's own message).
      if (status !== undefined && (status < 500 || status === 507)) return undefined;
      logger?.error({ err: error }, "video upload request failed; answered with an error");
      return { status_code: 500, body: "The video could not be saved because of a problem on our side. Please try again." };
    },
  });
  return { server, adopt, directory, limits, maxBytes };
}

const notAVideo = "This file is not an MP4 or WebM video (whatever its name says). Please export the recording as MP4 and upload it again.";

/** A finished upload: its id (the file's name), its lesson and who finished it. */
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
  return async (path: string, upload: FinishedUpload, logger: Logger) => {
    const forget = () => Promise.all([rm(path, { force: true }), rm(`${path}.json`, { force: true })]);
    const kind = videoKind(await readHead(path));
    if (!kind) {
      await forget();
      throw refusal(415, notAVideo);
    }
    const seconds = await videoSeconds(path, kind, logger);
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

/** Where the plain form's post leads: back to a page, or a refusal said in words. */
export type FormAnswer = { redirect: string } | { status: number; message: string };

/** The upload endpoint; each request is answered for `sender`, whose role the caller has checked. */
export async function videoUploads(services: VideoUploadServices) {
  const { db } = services;
  const { server, adopt, directory, limits, maxBytes } = await createUploadServer(services);
  return {
    handle(req: IncomingMessage, res: ServerResponse, sender: UploadSender): Promise<void> {
      senders.set(req, sender);
      return server.handle(req, res);
    },
    /**
     * The lesson page's plain form, for a browser without JavaScript: the whole file in one post,
     * streamed to disk (never held in memory), then checked like a resumable upload. While it is
     * received it counts against its sender's allowance like an unfinished upload; cut off, its
     * file is removed at once. Answers with where to go next: back to the lesson page, saying how it went.
     */
    async receiveForm(req: IncomingMessage, { actor: sender, mayChangeCourse, logger }: UploadSender): Promise<FormAnswer> {
      const id = randomBytes(16).toString("hex");
      const path = join(directory, id);
      const declared = Number(req.headers["content-length"] ?? maxBytes);
      let lesson: Awaited<ReturnType<typeof staffLesson>>;
      let cutOff: unknown;
      const findLesson = async (given: string) => (lesson ??= given ? await staffLesson(db, given) : undefined);
      const admit = async (given: string): Promise<Admission> => {
        if (!isStorableText(given)) return "text";
        const found = await findLesson(given);
        if (!found) return "lesson";
        if (!(await mayChangeCourse(found.course_slug))) return "team";
        if (await archivedRefusal(db, "course", found.course_slug)) return "archived";
        const admitted = await admitUpload(db, limits, { id, owner: sender.sub, bytes: Math.min(declared, maxBytes) });
        return admitted.ok ? true : admitted.reason;
      };
      try {
        const received = await receiveVideoForm(req, { path, maxBytes, admit });
        if (!isStorableText(received.lesson)) return { status: 400, message: unstorableTextMessage("The form's lesson") };
        const found = await findLesson(received.lesson);
        const back = (outcome: string) =>
          found ? { redirect: `/staff/courses/${found.course_slug}/lessons/${found.id}?${outcome}` } : { redirect: "/staff/courses" };
        if (!received.ok) {
          cutOff = received.cutOff;
          return back(`video-problem=${received.problem}`);
        }
        try {
          await adopt(path, { id, lesson: received.lesson, sender }, logger);
          return back("saved=video");
        } catch (error) {
          await rm(path, { force: true });
          const status = (error as { status_code?: number }).status_code;
          if (status === 415) return back("video-problem=type");
          throw error;
        }
      } finally {
        await releaseUpload(db, id);
        // Said once nothing of it is left: its file removed, its share of the allowance given back.
        if (cutOff) logger.warn({ err: cutOff, upload: id }, "video form cut off before its end; its file was removed");
      }
    },
  };
}

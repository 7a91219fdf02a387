import { watch } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { Config } from "#app/lib/env.server.ts";
import { captionsExtension, lessonFileBase, lessonFileStem, videoExtension } from "./media-paths.ts";
import type { LessonMedia } from "./types.ts";

/** Tells which lessons have a video (and captions) and where they are. */
export interface MediaCatalog {
  /** One entry per lesson, 1 to `lessonCount`; null where the video is missing. */
  lessonMedia(courseSlug: string, lessonCount: number): Promise<(LessonMedia | null)[]>;
  /**
   * Changes whenever a lesson file may have come, gone or changed, so pages stored by the
   * page cache are rendered again; undefined when changes cannot be seen (pages are then never stored).
   */
  version(): number | undefined;
  close(): void;
}

/** Counts changes anywhere under the folder, from the kernel's notifications (inotify on Linux). */
function folderChanges(root: string): Pick<MediaCatalog, "version" | "close"> {
  let changes = 0;
  let watching = true;
  try {
    const watcher = watch(root, { recursive: true, persistent: false }, () => {
      changes += 1;
    });
    watcher.on("error", () => {
      watching = false;
      watcher.close();
    });
    return { version: () => (watching ? changes : undefined), close: () => watcher.close() };
  } catch {
    // No folder yet: a folder made later would go unseen, so nothing is stored.
    return { version: () => undefined, close: () => {} };
  }
}

const lessonNumbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/**
 * Files in MEDIA_DIR, served by the app under /media: one listing of the course folder per
 * call (and a size check of the files found), so new files show at once.
 */
function localCatalog(mediaDir: string): MediaCatalog {
  const root = resolve(mediaDir);
  return {
    ...folderChanges(root),
    async lessonMedia(courseSlug, lessonCount) {
      const folder = resolve(root, courseSlug);
      const names = await readdir(folder, { withFileTypes: true }).then(
        (entries) => new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name)),
        () => new Set<string>(),
      );
      // An empty file (an upload under way) is not a lesson yet.
      const usable = async (name: string) =>
        names.has(name) &&
        (await stat(resolve(folder, name)).then(
          (s) => s.size > 0,
          () => false,
        ));
      return Promise.all(
        lessonNumbers(lessonCount).map(async (lesson) => {
          const base = lessonFileBase(lesson);
          const [video, captions] = await Promise.all([usable(base + videoExtension), usable(base + captionsExtension)]);
          const stem = `/media/${lessonFileStem(courseSlug, lesson)}`;
          return video ? { video: stem + videoExtension, captions: captions ? stem + captionsExtension : null } : null;
        }),
      );
    },
  };
}

const answerKeptMs = 5 * 60 * 1000;
const failureKeptMs = 30 * 1000;
const headTimeoutMs = 3000;
/** Statuses that mean "no such file"; anything else that is not 2xx is a passing failure. */
const missingStatuses = new Set([403, 404, 410]);

/**
 * Files under MEDIA_BASE_URL (a CDN or object store): a HEAD request tells whether each
 * exists. Answers are kept five minutes (failures 30 s), and pages asking at the same
 * time share one request, so pages do not wait on the store each time.
 */
function remoteCatalog(baseUrl: string): MediaCatalog {
  const known = new Map<string, { exists: Promise<boolean>; until: number }>();
  const ask = async (url: string): Promise<{ exists: boolean; keepMs: number }> => {
    try {
      const response = await fetch(url, { method: "HEAD", signal: AbortSignal.timeout(headTimeoutMs), redirect: "follow" });
      if (response.ok) return { exists: true, keepMs: answerKeptMs };
      return { exists: false, keepMs: missingStatuses.has(response.status) ? answerKeptMs : failureKeptMs };
    } catch {
      // Unreachable store: say "not available" now, ask again soon.
      return { exists: false, keepMs: failureKeptMs };
    }
  };
  const exists = (url: string): Promise<boolean> => {
    const cached = known.get(url);
    if (cached && cached.until > Date.now()) return cached.exists;
    const answer = ask(url).then(({ exists: found, keepMs }) => {
      known.set(url, { exists: Promise.resolve(found), until: Date.now() + keepMs });
      return found;
    });
    known.set(url, { exists: answer, until: Date.now() + headTimeoutMs });
    return answer;
  };
  return {
    // Another server's files change unseen; their answers are kept for minutes only, so pages are not stored.
    version: () => undefined,
    close: () => {},
    lessonMedia: (courseSlug, lessonCount) =>
      Promise.all(
        lessonNumbers(lessonCount).map(async (lesson) => {
          const stem = `${baseUrl}/${lessonFileStem(courseSlug, lesson)}`;
          const [video, captions] = await Promise.all([exists(stem + videoExtension), exists(stem + captionsExtension)]);
          return video ? { video: stem + videoExtension, captions: captions ? stem + captionsExtension : null } : null;
        }),
      ),
  };
}

export function createMediaCatalog(config: Pick<Config, "MEDIA_DIR" | "MEDIA_BASE_URL">): MediaCatalog {
  return config.MEDIA_BASE_URL ? remoteCatalog(config.MEDIA_BASE_URL) : localCatalog(config.MEDIA_DIR);
}

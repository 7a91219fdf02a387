import { watch } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { basename, dirname, resolve, sep } from "node:path";
import type { Config } from "#app/lib/config/env.server.ts";
import { placedByHand } from "./media-paths.ts";
import type { CaptionFile, LessonMedia } from "./types.ts";

/** A lesson's files as the database names them: media keys, "java/01.mp4". */
export interface LessonFiles {
  video: string | null;
  captions: readonly CaptionFile[];
}

/** Tells which lessons have a video (and which of their captions are there) and where they are. */
export interface MediaCatalog {
  /** One entry per lesson, in the same order; null where the video is missing. */
  lessonMedia(lessons: readonly LessonFiles[]): Promise<(LessonMedia | null)[]>;
  /** Where the browser fetches the file with this media key. */
  address(key: string): string;
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

/** A key's address below a base: each part encoded, so a name never changes the path's meaning. */
const keyAddress = (base: string, key: string) => `${base}/${key.split("/").map(encodeURIComponent).join("/")}`;

/** Asks `exists` about each lesson's files at once. */
function lessonsMedia(
  lessons: readonly LessonFiles[],
  exists: (key: string) => Promise<boolean>,
  address: (key: string) => string,
): Promise<(LessonMedia | null)[]> {
  return Promise.all(
    lessons.map(async ({ video, captions }) => {
      const [hasVideo, ...hasCaptions] = await Promise.all([
        video === null ? false : exists(video),
        ...captions.map(({ file }) => exists(file)),
      ]);
      if (!hasVideo) return null;
      const tracks = captions.filter((_, index) => hasCaptions[index]);
      return { video: address(video!), captions: tracks.map(({ file, language, label }) => ({ src: address(file), language, label })) };
    }),
  );
}

/**
 * Files in MEDIA_DIR, served by the app under /media: one listing of each folder per call (and a
 * size check of the files found), so new files show at once.
 */
function localCatalog(mediaDir: string): MediaCatalog {
  const root = resolve(mediaDir);
  const address = (key: string) => keyAddress("/media", key);
  const lessonMedia = (lessons: readonly LessonFiles[]) => {
    const listings = new Map<string, Promise<Set<string>>>();
    const namesIn = (folder: string) => {
      let names = listings.get(folder);
      if (!names) {
        names = readdir(folder, { withFileTypes: true }).then(
          (entries) => new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name)),
          () => new Set<string>(),
        );
        listings.set(folder, names);
      }
      return names;
    };
    // An empty file (an upload under way) is not a lesson yet; a key must stay inside the folder.
    const exists = async (key: string) => {
      const path = resolve(root, key);
      if (!path.startsWith(root + sep) || !(await namesIn(dirname(path))).has(basename(path))) return false;
      return stat(path).then(
        (found) => found.size > 0,
        () => false,
      );
    };
    return lessonsMedia(lessons, exists, address);
  };
  return { ...folderChanges(root), address, lessonMedia };
}

const answerKeptMs = 5 * 60 * 1000;
const failureKeptMs = 30 * 1000;
const headTimeoutMs = 3000;
/** Statuses that mean "no such file"; anything else that is not 2xx is a passing failure. */
const missingStatuses = new Set([403, 404, 410]);

type Existence = (key: string) => Promise<{ exists: boolean; keepMs: number }>;

/**
 * Asks `ask` whether a key exists, keeping answers five minutes (failures 30 s), and pages
 * asking at the same time share one request, so pages do not wait on the store each time.
 */
function cachedExistence(ask: Existence): (key: string) => Promise<boolean> {
  const known = new Map<string, { exists: Promise<boolean>; until: number }>();
  return (key) => {
    const cached = known.get(key);
    if (cached && cached.until > Date.now()) return cached.exists;
    const answer = ask(key).then(({ exists: found, keepMs }) => {
      known.set(key, { exists: Promise.resolve(found), until: Date.now() + keepMs });
      return found;
    });
    known.set(key, { exists: answer, until: Date.now() + headTimeoutMs });
    return answer;
  };
}

/** Files under MEDIA_BASE_URL (a CDN in front of MEDIA_DIR's files, or a copy of them): a HEAD request tells whether each exists. */
function remoteCatalog(baseUrl: string): MediaCatalog {
  const exists = cachedExistence(async (key) => {
    try {
      const response = await fetch(keyAddress(baseUrl, key), {
        method: "HEAD",
        signal: AbortSignal.timeout(headTimeoutMs),
        redirect: "follow",
      });
      if (response.ok) return { exists: true, keepMs: answerKeptMs };
      return { exists: false, keepMs: missingStatuses.has(response.status) ? answerKeptMs : failureKeptMs };
    } catch {
      // Unreachable store: say "not available" now, ask again soon.
      return { exists: false, keepMs: failureKeptMs };
    }
  });
  const address = (key: string) => keyAddress(baseUrl, key);
  return {
    // Another server's files change unseen; their answers are kept for minutes only, so pages are not stored.
    version: () => undefined,
    close: () => {},
    address,
    lessonMedia: (lessons) => lessonsMedia(lessons, exists, address),
  };
}

/**
 * Files in the S3 bucket, linked as /media/<key> (the site redirects to the bucket: pages keep
 * stable addresses). Uploaded files exist by the time the database names them; files placed by
 * hand under the old names are asked about, like MEDIA_BASE_URL's.
 */
function bucketCatalog(has: (key: string) => Promise<boolean>): MediaCatalog {
  const exists = cachedExistence(async (key) => {
    try {
      return { exists: await has(key), keepMs: answerKeptMs };
    } catch {
      return { exists: false, keepMs: failureKeptMs };
    }
  });
  const address = (key: string) => keyAddress("/media", key);
  return {
    version: () => undefined,
    close: () => {},
    address,
    lessonMedia: (lessons) => lessonsMedia(lessons, (key) => (placedByHand(key) ? exists(key) : Promise.resolve(true)), address),
  };
}

export function createMediaCatalog(
  config: Pick<Config, "MEDIA_DIR" | "MEDIA_BASE_URL">,
  bucket?: { has(key: string): Promise<boolean> },
): MediaCatalog {
  if (bucket) return bucketCatalog((key) => bucket.has(key));
  return config.MEDIA_BASE_URL ? remoteCatalog(config.MEDIA_BASE_URL) : localCatalog(config.MEDIA_DIR);
}

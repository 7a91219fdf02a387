import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where staff uploads are kept (course pictures, lesson videos and captions), by key: a path
 * of our own making such as "course-images/java-3f2a….webp". Pages find them through the media
 * catalogue (features/courses/lesson-media.server.ts).
 */
export interface MediaStore {
  /** Stores the file whole: a reader never sees half of it. */
  put(key: string, body: Uint8Array | Readable, contentType: string): Promise<void>;
  /** Forgets the file; a missing one is no error. */
  remove(key: string): Promise<void>;
}

/** A key we made: folders and names of letters, digits, dots, hyphens and underscores, no "..". */
export function isMediaKey(key: string): boolean {
  return /^[a-z0-9][\w.-]*(\/[a-z0-9][\w.-]*)*$/i.test(key) && !key.split("/").some((part) => part === "." || part === "..");
}

/** Files under MEDIA_DIR: written to a temporary name beside the target, then renamed into place. */
export function localMediaStore(mediaDir: string): MediaStore {
  const root = resolve(mediaDir);
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    if (!isMediaKey(key) || !path.startsWith(root + sep)) throw new Error(`not a media key: ${key}`);
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // A dotfile until complete: /media never serves those.
      const partial = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.partial`);
      try {
        await pipeline(body instanceof Readable ? body : Readable.from([body]), createWriteStream(partial, { flags: "wx" }));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

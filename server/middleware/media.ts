import { createReadStream } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Router, type Request, type Response } from "express";
import type { Logger } from "pino";
import { isMediaKey } from "#app/lib/storage/media-store.server.ts";
import type { S3Storage } from "#app/lib/storage/s3-storage.server.ts";
import type { Config } from "#app/lib/config/env.server.ts";

const contentTypes: Record<string, string> = {
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".webm": "video/webm",
  ".ogv": "video/ogg",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".vtt": "text/vtt; charset=utf-8",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
};

type ByteRange = { start: number; end: number };

/**
 * One byte range of RFC 9110 ("bytes=0-99", "bytes=500-", "bytes=-200").
 * Returns "ignore" for a header we do not serve as a range (malformed, or
 * several ranges: the whole file is then sent), "unsatisfiable" for 416.
 */
export function parseRange(header: string, size: number): ByteRange | "ignore" | "unsatisfiable" {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return "ignore";
  const [, first, last] = match;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return "ignore";
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/** The file under `root` this URL path names, or null: nothing outside `root`, no folders, no hidden files. */
async function resolveMediaFile(root: string, urlPath: string) {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const segments = decoded.split("/").filter(Boolean);
  if (segments.some((s) => s === ".." || s === "." || s.startsWith(".") || s.includes("\\") || s.includes("\0"))) {
    return null;
  }
  const candidate = resolve(root, ...segments);
  try {
    // realpath: a symbolic link must not lead out of the media folder either.
    const real = await realpath(candidate);
    if (!real.startsWith(root + sep)) return null;
    const info = await stat(real);
    return info.isFile() ? { path: real, info } : null;
  } catch {
    return null;
  }
}

/**
 * Sends a file's bytes as the response's body. A visitor who goes away mid-way (a player seeking
 * elsewhere, a closed tab) ends the read and nothing more; a failure to read (the disk, the
 * bucket) ends this response only, cut short, with a line in the log.
 */
function sendBody(body: Readable, req: Request, res: Response, logger: Logger) {
  pipeline(body, res).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ERR_STREAM_PREMATURE_CLOSE") return; // the visitor left; the request's own log line says so
    logger.warn(
      { err, path: req.path, requestId: res.locals.requestId },
      "a media file could not be sent whole; its response was cut short",
    );
  });
}

/**
 * Serves lesson media from MEDIA_DIR with HTTP Range support (206, suffix and
 * open-ended ranges, 416, If-Range), ETag and Last-Modified, for GET and HEAD.
 */
export async function mediaRoutes(mediaDir: string, logger: Logger) {
  const root = await realpath(mediaDir).catch(() => resolve(mediaDir));
  const router = Router();

  const serve = async (req: Request, res: Response) => {
    const file = await resolveMediaFile(root, req.path);
    if (!file) {
      res.status(404).type("text/plain").send("No such media file.");
      return;
    }
    const { size, mtime } = file.info;
    const etag = `"${size.toString(16)}-${Math.floor(mtime.getTime()).toString(16)}"`;
    const lastModified = mtime.toUTCString();
    res.setHeader("Accept-Ranges", "bytes");
    res.setHeader("ETag", etag);
    res.setHeader("Last-Modified", lastModified);
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.setHeader("Content-Type", contentTypes[extname(file.path).toLowerCase()] ?? "application/octet-stream");

    if (req.get("if-none-match") === etag) {
      res.status(304).end();
      return;
    }

    let range: ByteRange | "ignore" | "unsatisfiable" = "ignore";
    const rangeHeader = req.get("range");
    const ifRange = req.get("if-range");
    // If-Range: the range holds only for the very version the client has.
    const sameVersion = !ifRange || ifRange === etag || ifRange === lastModified;
    if (rangeHeader && sameVersion) range = parseRange(rangeHeader, size);

    if (range === "unsatisfiable") {
      res.setHeader("Content-Range", `bytes */${size}`);
      res.status(416).end();
      return;
    }
    const { start, end } = range === "ignore" ? { start: 0, end: size - 1 } : range;
    res.status(range === "ignore" ? 200 : 206);
    if (range !== "ignore") res.setHeader("Content-Range", `bytes ${start}-${end}/${size}`);
    res.setHeader("Content-Length", String(size === 0 ? 0 : end - start + 1));
    if (req.method === "HEAD" || size === 0) {
      res.end();
      return;
    }
    sendBody(createReadStream(file.path, { start, end }), req, res, logger);
  };

  router.get("/{*path}", serve);
  router.head("/{*path}", serve);
  return router;
}

/**
 * /media when staff uploads are in an S3 bucket: pages keep linking /media/<key>, and this sends
 * the browser on to the bucket (its public address, or a signed one), where byte ranges are
 * served. Captions are sent from here instead: a <track> is read from the page's own origin only.
 */
export function bucketMediaRoutes(bucket: S3Storage, { signed, logger }: { signed: boolean; logger: Logger }) {
  const router = Router();
  const serve = async (req: Request, res: Response) => {
    let key: string;
    try {
      key = decodeURIComponent(req.path.slice(1));
    } catch {
      key = "";
    }
    if (!isMediaKey(key)) {
      res.status(404).type("text/plain").send("No such media file.");
      return;
    }
    try {
      if (extname(key) === ".vtt") {
        const file = await bucket.read(key);
        res.setHeader("Content-Type", contentTypes[".vtt"]!);
        res.setHeader("Cache-Control", "public, max-age=3600");
        if (file.length !== undefined) res.setHeader("Content-Length", String(file.length));
        if (req.method === "HEAD") {
          file.body.destroy();
          res.end();
          return;
        }
        sendBody(file.body, req, res, logger);
        return;
      }
      // A signed address expires: the redirect is kept no longer than a few minutes.
      res.setHeader("Cache-Control", signed ? "private, max-age=300" : "public, max-age=86400");
      res.redirect(302, await bucket.browserAddress(key));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || status === 403) {
        res.status(404).type("text/plain").send("No such media file.");
        return;
      }
      // The bucket did not answer, or answered with an error of its own: this file only fails.
      logger.error({ err: error, path: req.path, requestId: res.locals.requestId }, "the media bucket could not be read");
      res.status(502).type("text/plain").send("This file could not be fetched from storage. Please try again in a moment.");
    }
  };
  router.get("/{*path}", serve);
  router.head("/{*path}", serve);
  return router;
}

/** Where lesson files and pictures come from when not from the site itself: MEDIA_BASE_URL's origin, or the bucket's. */
export function mediaOrigin(
  config: Pick<Config, "MEDIA_BASE_URL" | "S3_BUCKET" | "S3_ENDPOINT" | "S3_PUBLIC_URL" | "S3_REGION">,
): string | undefined {
  if (config.MEDIA_BASE_URL) return new URL(config.MEDIA_BASE_URL).origin;
  if (!config.S3_BUCKET) return undefined;
  if (config.S3_PUBLIC_URL) return new URL(config.S3_PUBLIC_URL).origin;
  return config.S3_ENDPOINT ? new URL(config.S3_ENDPOINT).origin : `https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`;
}

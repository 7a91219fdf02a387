import { readdirSync } from "node:fs";
import { extname } from "node:path";
import type { RequestHandler } from "express";
import { chooseEncoding, type StoredEncoding } from "./content-encoding.ts";

/** The types of what the build compresses (scripts/precompress-assets.ts), as express.static names them. */
const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
};

/** The names of the copies the build stores beside each hashed asset (scripts/precompress-assets.ts). */
const suffixes: Record<StoredEncoding, string> = { br: ".br", gzip: ".gz" };

/**
 * Serves the stored brotli or gzip copy of a hashed asset to a client that takes it, through the
 * static file handler that follows (which sets ETag, Last-Modified, ranges and HEAD as for any
 * file): compressing these on every request cost more than half of what serving them costs.
 * The list of copies is read once: the build's assets never change while the server runs.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  let files: Set<string>;
  try {
    files = new Set(readdirSync(assetsDir));
  } catch {
    files = new Set();
  }
  return (req, res, next) => {
    const name = req.path.slice(1);
    if (!files.has(`${name}${suffixes.gzip}`)) return next();
    res.setHeader("Vary", "Accept-Encoding");
    const encoding = chooseEncoding(req.get("accept-encoding"), (candidate) => files.has(`${name}${suffixes[candidate]}`));
    if (!encoding) return next();
    res.setHeader("Content-Encoding", encoding);
    // The copy's own name would make it application/octet-stream.
    res.setHeader("Content-Type", contentTypes[extname(name)] ?? "application/octet-stream");
    req.url = `${req.path}${suffixes[encoding]}`;
    next();
  };
}

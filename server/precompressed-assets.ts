import { readdirSync } from "node:fs";
import { extname } from "node:path";
import type { RequestHandler } from "express";

/** The types of what the build compresses (scripts/precompress-assets.ts), as express.static names them. */
const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
};

/** The encodings the build stores beside each hashed asset (scripts/precompress-assets.ts), best first. */
const encodings = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** Whether the Accept-Encoding header takes this encoding (a q of 0 refuses it). */
function accepts(header: string, encoding: string): boolean {
  return header.split(",").some((part) => {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (token !== encoding && token !== "*") return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

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
    if (!files.has(`${name}${encodings[1].suffix}`)) return next();
    res.setHeader("Vary", "Accept-Encoding");
    const header = req.get("accept-encoding") ?? "";
    const encoding = encodings.find((candidate) => files.has(`${name}${candidate.suffix}`) && accepts(header, candidate.name));
    if (!encoding) return next();
    res.setHeader("Content-Encoding", encoding.name);
    // The copy's own name would make it application/octet-stream.
    res.setHeader("Content-Type", contentTypes[extname(name)] ?? "application/octet-stream");
    req.url = `${req.path}${encoding.suffix}`;
    next();
  };
}

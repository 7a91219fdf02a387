import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import type { RequestHandler } from "express";
import { chooseEncoding, sendStoredBody, storedBody, storedEncodings, type StoredBody, type StoredEncoding } from "./content-encoding.ts";

/** The types of what the build writes under /assets, by extension. */
const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".webp": "image/webp",
};
/** The names of the copies the build stores beside each hashed asset (scripts/precompress-assets.ts). */
const suffixes: Record<StoredEncoding, string> = { br: ".br", gzip: ".gz" };
/** Vite puts a content hash in every file name under /assets: safe to keep for a year. */
const cacheControl = "public, max-age=31536000, immutable";

interface Asset {
  contentType: string;
  /** The file, then each copy the build made; each with its own ETag. */
  bodies: Partial<Record<StoredEncoding | "identity", StoredBody>>;
}

function loadAssets(assetsDir: string): Map<string, Asset> {
  let names: string[];
  try {
    names = readdirSync(assetsDir);
  } catch {
    return new Map();
  }
  const stored = new Set(names);
  const assets = new Map<string, Asset>();
  const read = (name: string) => storedBody(readFileSync(join(assetsDir, name)));
  for (const name of names) {
    if (storedEncodings.some((encoding) => name.endsWith(suffixes[encoding]))) continue;
    const bodies: Asset["bodies"] = { identity: read(name) };
    for (const encoding of storedEncodings) {
      if (stored.has(name + suffixes[encoding])) bodies[encoding] = read(name + suffixes[encoding]);
    }
    assets.set(`/${name}`, { contentType: contentTypes[extname(name)] ?? "application/octet-stream", bodies });
  }
  return assets;
}

/**
 * The build's hashed assets, read into memory at start (about 1 MB with their copies) and sent
 * from there: the brotli or gzip copy the build made to a client that takes it, the file itself to
 * others, each with its own ETag, 304 for a copy the client has. No file system call per request:
 * that, and compressing on every request before, cost most of what serving them cost. They never
 * change while the server runs. Mounted at /assets; anything else there is a plain 404.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  const assets = loadAssets(assetsDir);
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).set("Allow", "GET, HEAD").type("text/plain").send("Files here are only read (GET).");
      return;
    }
    const asset = assets.get(req.path);
    if (!asset) {
      res.status(404).type("text/plain").send("Not found.");
      return;
    }
    const encoding = chooseEncoding(req.headers["accept-encoding"], (candidate) => Boolean(asset.bodies[candidate]));
    res.setHeader("Content-Type", asset.contentType);
    res.setHeader("Cache-Control", cacheControl);
    if (asset.bodies.gzip) res.setHeader("Vary", "Accept-Encoding");
    sendStoredBody(req, res, asset.bodies[encoding ?? "identity"]!, encoding);
  };
}

import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import type { Request, RequestHandler, Response } from "express";
import { chooseEncoding, sendStoredBody, storedBody, storedEncodings, type StoredBody, type StoredEncoding } from "../content-encoding.ts";
import { fileVersion } from "../file-version.ts";

/** The types of the files the build writes, by extension. */
const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};
/** The names of the copies the build stores beside each file it compressed (scripts/precompress-assets.ts). */
const suffixes: Record<StoredEncoding, string> = { br: ".br", gzip: ".gz" };
const aYear = "public, max-age=31536000, immutable";

interface StoredFile {
  contentType: string;
  /** See server/file-version.ts. */
  version: string;
  /** The file, then each copy the build made; each with its own ETag. */
  bodies: Partial<Record<StoredEncoding | "identity", StoredBody>>;
}

/** Every file under dir but dotfiles and what `skip` names, by its address (/images/hero/slide-1.svg), with its compressed copies. */
function loadFiles(dir: string, skip: (address: string) => boolean = () => false): Map<string, StoredFile> {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"));
  } catch {
    return new Map();
  }
  const present = new Set(names);
  const files = new Map<string, StoredFile>();
  for (const name of names) {
    const address = `/${name}`;
    if (skip(address) || name.split("/").some((part) => part.startsWith("."))) continue;
    if (storedEncodings.some((encoding) => name.endsWith(suffixes[encoding]))) continue;
    const bytes = readFileSync(join(dir, name));
    const bodies: StoredFile["bodies"] = { identity: storedBody(bytes) };
    for (const encoding of storedEncodings) {
      if (present.has(name + suffixes[encoding])) bodies[encoding] = storedBody(readFileSync(join(dir, name + suffixes[encoding])));
    }
    files.set(address, { contentType: contentTypes[extname(name)] ?? "application/octet-stream", version: fileVersion(bytes), bodies });
  }
  return files;
}

function sendStoredFile(req: Request, res: Response, file: StoredFile, cacheControl: string): void {
  const encoding = chooseEncoding(req.headers["accept-encoding"], (candidate) => Boolean(file.bodies[candidate]));
  res.setHeader("Content-Type", file.contentType);
  res.setHeader("Cache-Control", cacheControl);
  if (file.bodies.gzip) res.setHeader("Vary", "Accept-Encoding");
  sendStoredBody(req, res, file.bodies[encoding ?? "identity"]!, encoding);
}

const readOnly = (method: string) => method === "GET" || method === "HEAD";

/**
 * The build's hashed assets, read into memory at start (about 1 MB with their copies) and sent
 * from there: the brotli or gzip copy the build made to a client that takes it, the file itself to
 * others, each with its own ETag, 304 for a copy the client has. No file system call per request:
 * that, and compressing on every request before, cost most of what serving them cost. Vite puts a
 * content hash in each name, so they are kept for a year. Mounted at /assets; anything else there
 * is a plain 404.
 */
export function hashedAssets(assetsDir: string): RequestHandler {
  const assets = loadFiles(assetsDir);
  return (req, res) => {
    if (!readOnly(req.method)) {
      res.status(405).set("Allow", "GET, HEAD").type("text/plain").send("Files here are only read (GET).");
      return;
    }
    const asset = assets.get(req.path);
    if (!asset) {
      res.status(404).type("text/plain").send("Not found.");
      return;
    }
    sendStoredFile(req, res, asset, aYear);
  };
}

/**
 * The site's public files (the build's copy of public/: pictures, the icon, the sign-in pages'
 * stylesheet), from memory like the hashed assets. Pages name them with their version (`?v=`, put
 * there by the build): an address with the current version is kept for a year, any other for a
 * day, so a changed picture shows after a deploy without anyone's cache being cleared. Requests
 * for anything else go on to the pages.
 */
export function publicFiles(clientDir: string): { serve: RequestHandler; versioned(address: string): string } {
  const files = loadFiles(clientDir, (address) => address.startsWith("/assets/"));
  return {
    serve(req, res, next) {
      const file = readOnly(req.method) ? files.get(req.path) : undefined;
      if (!file) return next();
      sendStoredFile(req, res, file, req.query.v === file.version ? aYear : "public, max-age=86400");
    },
    /** The address with the file's current version, for addresses stored in the database (a course's picture). */
    versioned(address) {
      const file = files.get(address);
      return file ? `${address}?v=${file.version}` : address;
    },
  };
}

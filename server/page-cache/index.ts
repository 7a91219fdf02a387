import type { Request, RequestHandler, Response } from "express";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "#app/lib/db/schema.ts";
import { keptOutOfPageCache, type ContentTopic } from "#app/lib/content-versions/page-cache.ts";
import { chooseEncoding, sendStoredBody } from "../content-encoding.ts";
import { watchContentVersions } from "./content-versions-watch.ts";
import { PageStore } from "./page-store.ts";
import { storePage, type StoredPage } from "./stored-page.ts";

/** What every page gets unless its route says otherwise (middleware/response-headers.ts); a route's own Cache-Control is a reason not to keep it. */
export const pageCacheControl = "private, no-cache";
/** Bigger pages are not kept (none of ours comes near). */
const maxPageBytes = 2 * 1024 * 1024;

export interface PageCache {
  /** Answers from the store; mounted before compression, since stored pages are compressed already. */
  serve: RequestHandler;
  /** Keeps what the page renderer writes, when the page may be kept; mounted just before it. */
  capture: RequestHandler;
  close(): void;
}

/** A request whose answer may come from, or go to, the store: a read by someone without any cookie. */
const anonymousRead = (req: Request, methods: readonly string[]) => methods.includes(req.method) && req.headers.cookie === undefined;

function varyNames(header: unknown): string[] {
  return String(header ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name && name !== "accept-encoding");
}

function send(req: Request, res: Response, page: StoredPage) {
  const encoding = chooseEncoding(req.headers["accept-encoding"], () => true);
  res.setHeader("Content-Type", page.contentType);
  res.setHeader("Vary", [...page.vary, "accept-encoding"].join(", "));
  res.setHeader("Cache-Control", pageCacheControl);
  res.setHeader("X-Page-Cache", "hit");
  // The stored page carries no nonce: its inline scripts are allowed by their hashes instead.
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string") {
    res.setHeader("Content-Security-Policy", policy.replace(`'nonce-${res.locals.cspNonce}'`, page.scriptSources));
  }
  sendStoredBody(req, res, page.bodies[encoding ?? "identity"], encoding);
}

/**
 * The page cache: pages every signed-out visitor sees alike (their routes say so, and what stored
 * content they read; app/lib/content-versions/page-cache.ts) are rendered once per version of that content and then
 * sent as stored, compressed once. A request with any cookie is never answered from it nor
 * stored (a session, a sign-in under way, an anonymous feedback author's token), so a signed-in
 * person never sees a page rendered for someone else, nor the reverse.
 */
export async function createPageCache({
  db,
  mediaVersion,
  logger,
  maxBytes,
  keptTopics,
}: {
  db: Kysely<Database>;
  mediaVersion: () => number | undefined;
  logger: Logger;
  maxBytes: number;
  /** What the routes of a path declare they read, when every one of them may be kept (server/route-declarations.ts). */
  keptTopics: (path: string) => readonly ContentTopic[] | undefined;
}): Promise<PageCache> {
  const versions = await watchContentVersions({ db, mediaVersion, logger });
  const store = new PageStore(maxBytes);
  // Addresses being rendered again after their content changed: a crowd asking meanwhile waits for one render.
  const rendering = new Map<string, Promise<void>>();

  const freshPage = (req: Request) => {
    const page = store.find(req.originalUrl, req.headers);
    return page && versions.snapshot().stamp(page.topics) === page.stamp ? page : undefined;
  };

  const serve: RequestHandler = async (req, res, next) => {
    if (!anonymousRead(req, ["GET", "HEAD"])) return next();
    let page = freshPage(req);
    const pending = page ? undefined : rendering.get(req.originalUrl);
    if (pending) {
      await pending;
      page = freshPage(req);
    }
    if (!page) return next();
    send(req, res, page);
  };

  const capture: RequestHandler = (req, res, next) => {
    // React Router's data requests (`.data`) are not pages: nothing of them is kept.
    if (!anonymousRead(req, ["GET"]) || req.path.endsWith(".data")) return next();
    const topics = keptTopics(req.path);
    if (!topics) return next();
    const address = req.originalUrl;
    const snapshot = versions.snapshot();
    let settle = () => {};
    if (store.has(address) && !rendering.has(address)) {
      rendering.set(
        address,
        new Promise((resolve) => {
          settle = () => {
            rendering.delete(address);
            resolve();
          };
        }),
      );
    }

    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function" || size > maxPageBytes) return;
      const bytes =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      size += bytes.length;
      chunks.push(bytes);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];

    // Only a page that went as usual is kept: a 200, that sets no cookie, whose loaders did not say
    // they answered less than usual, with the Cache-Control every page gets unless its route says otherwise.
    const keep = async () => {
      if (size > maxPageBytes || res.statusCode !== 200 || res.hasHeader("Set-Cookie") || keptOutOfPageCache(res)) return;
      if (res.getHeader("Cache-Control") !== pageCacheControl) return;
      const contentType = String(res.getHeader("Content-Type") ?? "");
      const vary = varyNames(res.getHeader("Vary"));
      const stamp = snapshot.stamp(topics);
      if (stamp === undefined || !contentType.startsWith("text/html") || vary.includes("*") || vary.includes("cookie")) return;
      const page = await storePage(Buffer.concat(chunks).toString("utf8"), {
        nonce: res.locals.cspNonce,
        stamp,
        topics,
        contentType,
        vary,
        varyValues: vary.map((name) => String(req.headers[name] ?? "")),
      });
      if (page) store.put(address, page);
    };
    res.once("finish", () => {
      keep()
        .catch((err: unknown) => logger.warn({ err, path: req.path }, "could not keep a page"))
        .finally(() => settle());
    });
    // A response cut short (the visitor left, an error) never finishes; the waiting crowd renders.
    res.once("close", () => {
      if (!res.writableFinished) settle();
    });
    next();
  };

  return { serve, capture, close: () => versions.close() };
}

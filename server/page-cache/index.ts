import type { Request, RequestHandler, Response } from "express";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "#app/lib/db/schema.ts";
import { keptOutOfPageCache, type ContentTopic } from "#app/lib/content-versions/page-cache.ts";
import { slotsRenderedFor } from "#app/lib/personal/slot-records.server.ts";
import { chooseEncoding, sendStoredBody } from "../content-encoding.ts";
import { watchContentVersions } from "./content-versions-watch.ts";
import { PageStore } from "./page-store.ts";
import { signedInPages, type SignedInPagesOptions } from "./signed-in-pages.ts";
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
  /**
   * Answers a signed-in person with the kept page filled in with their parts (signed-in-pages.ts),
   * rendering the kept page first when it is out of date; mounted where pages are rendered.
   */
  serveSignedIn(options: SignedInPagesOptions): RequestHandler;
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

/** Headers every kept page is sent with, stored or filled in; its inline scripts are allowed by their hashes, not the render's nonce. */
function setPageHeaders(res: Response, page: StoredPage, source: "hit" | "filled") {
  res.setHeader("Content-Type", page.contentType);
  res.setHeader("Cache-Control", pageCacheControl);
  res.setHeader("X-Page-Cache", source);
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string") {
    res.setHeader("Content-Security-Policy", policy.replace(`'nonce-${res.locals.cspNonce}'`, page.scriptSources));
  }
}

function send(req: Request, res: Response, page: StoredPage) {
  const encoding = chooseEncoding(req.headers["accept-encoding"], (candidate) => page.bodies[candidate] !== undefined);
  setPageHeaders(res, page, "hit");
  res.setHeader("Vary", [...page.vary, "accept-encoding"].join(", "));
  sendStoredBody(req, res, (encoding && page.bodies[encoding]) || page.bodies.identity, encoding);
}

/** What a page may be kept as, once rendered: what the page cache asks of each. */
interface RenderedPage {
  status: number;
  headers: { get(name: string): string | undefined };
  html: string;
  /** The response it was rendered for (its loaders may have said they answered less). */
  res: Response;
  nonce: string;
  address: string;
  varyValues: (names: readonly string[]) => string[];
}

/**
 * The page cache: pages every signed-out visitor sees alike (their routes say so, and what stored
 * content they read; app/lib/content-versions/page-cache.ts) are rendered once per version of that content and then
 * sent as stored, compressed once. A request with any cookie is never answered from it nor
 * stored (a session, a sign-in under way, an anonymous feedback author's token), so a signed-in
 * person never sees a page rendered for someone else, nor the reverse. Signed-in people get the
 * same page with their parts filled in (signed-in-pages.ts), where every route of the page says
 * how (app/lib/personal/).
 */
export async function createPageCache({
  db,
  mediaVersion,
  logger,
  maxBytes,
  keptTopics,
  personalData,
}: {
  db: Kysely<Database>;
  mediaVersion: () => number | undefined;
  logger: Logger;
  maxBytes: number;
  /** What the routes of a path declare they read, when every one of them may be kept (server/route-declarations.ts). */
  keptTopics: (path: string) => readonly ContentTopic[] | undefined;
  /** The personal data the page at a path reads when it can be filled in for signed-in people (server/route-declarations.ts); undefined: rendered whole for them. */
  personalData: (path: string) => readonly string[] | undefined;
}): Promise<PageCache> {
  const versions = await watchContentVersions({ db, mediaVersion, logger });
  const store = new PageStore(maxBytes);
  // Addresses being rendered again after their content changed: a crowd asking meanwhile waits for one render.
  const rendering = new Map<string, Promise<void>>();
  // Paths whose kept page could not be a template for signed-in people, said once each (a few hundred at most).
  const toldProblems = new Set<string>();
  const problemsTold = 500;

  const freshPage = (address: string, headers: Request["headers"]) => {
    const page = store.find(address, headers);
    return page && versions.snapshot().stamp(page.topics) === page.stamp ? page : undefined;
  };

  /**
   * Makes the requests for `address` that come meanwhile wait for this render to be kept; call the
   * result when it is (or is not). A visitor's render is waited for only where a page was kept
   * before (an address asked for once must not hold up the next); a signed-in person's always.
   */
  const renderingNow = (address: string, { always = false } = {}) => {
    let settle = () => {};
    if ((always || store.has(address)) && !rendering.has(address)) {
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
    return () => settle();
  };

  // Only a page that went as usual is kept: a 200, that sets no cookie, whose loaders did not say
  // they answered less than usual, with the Cache-Control every page gets unless its route says otherwise.
  const keep = async (page: RenderedPage, topics: readonly ContentTopic[], stamp: string | undefined): Promise<StoredPage | undefined> => {
    const { status, headers, res } = page;
    if (status !== 200 || headers.get("set-cookie") !== undefined || keptOutOfPageCache(res)) return undefined;
    if ((headers.get("cache-control") ?? pageCacheControl) !== pageCacheControl) return undefined;
    const contentType = headers.get("content-type") ?? "";
    const vary = varyNames(headers.get("vary"));
    if (stamp === undefined || !contentType.startsWith("text/html") || vary.includes("*") || vary.includes("cookie")) return undefined;
    const path = new URL(page.address, "http://localhost").pathname;
    const stored = await storePage(page.html, {
      nonce: page.nonce,
      // Cut around its slots only where signed-in people get it filled in.
      slots: personalData(path) ? slotsRenderedFor(res) : undefined,
      address: page.address,
      stamp,
      topics,
      contentType,
      vary,
      varyValues: page.varyValues(vary),
    });
    if (!stored) return undefined;
    store.put(page.address, stored);
    if (stored.personal && "problem" in stored.personal && !toldProblems.has(path) && toldProblems.size < problemsTold) {
      toldProblems.add(path);
      logger.warn(
        { path, problem: stored.personal.problem },
        "a kept page cannot be filled in for signed-in people; theirs are rendered whole",
      );
    }
    return stored;
  };

  const serve: RequestHandler = async (req, res, next) => {
    if (!anonymousRead(req, ["GET", "HEAD"])) return next();
    let page = freshPage(req.originalUrl, req.headers);
    const pending = page ? undefined : rendering.get(req.originalUrl);
    if (pending) {
      await pending;
      page = freshPage(req.originalUrl, req.headers);
    }
    if (!page) return next();
    // The first visitor who takes brotli waits the few milliseconds of its copy.
    if (!page.bodies.br && chooseEncoding(req.headers["accept-encoding"], (candidate) => candidate === "br") === "br") {
      await page.brotliReady();
    }
    send(req, res, page);
  };

  const capture: RequestHandler = (req, res, next) => {
    // React Router's data requests (`.data`) are not pages: nothing of them is kept.
    if (!anonymousRead(req, ["GET"]) || req.path.endsWith(".data")) return next();
    const topics = keptTopics(req.path);
    if (!topics) return next();
    const stamp = versions.snapshot().stamp(topics);
    const settle = renderingNow(req.originalUrl);

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

    res.once("finish", () => {
      if (size > maxPageBytes) return settle();
      const rendered: RenderedPage = {
        status: res.statusCode,
        headers: { get: (name) => headerText(res.getHeader(name)) },
        html: Buffer.concat(chunks).toString("utf8"),
        res,
        nonce: res.locals.cspNonce,
        address: req.originalUrl,
        varyValues: (names) => names.map((name) => String(req.headers[name] ?? "")),
      };
      keep(rendered, topics, stamp)
        .catch((err: unknown) => logger.warn({ err, path: req.path }, "could not keep a page"))
        .finally(settle);
    });
    // A response cut short (the visitor left, an error) never finishes; the waiting crowd renders.
    res.once("close", () => {
      if (!res.writableFinished) settle();
    });
    next();
  };

  /** The page everyone sees at `address`, fresh: kept, or rendered now (once for a crowd) and kept. */
  const sharedPage = async (
    address: string,
    req: Request,
    res: Response,
    renderSignedOut: SignedInPagesOptions["renderSignedOut"],
  ): Promise<StoredPage | undefined> => {
    const fresh = freshPage(address, req.headers);
    if (fresh) return fresh;
    const pending = rendering.get(address);
    if (pending) {
      await pending;
      return freshPage(address, req.headers);
    }
    const topics = keptTopics(new URL(address, "http://localhost").pathname);
    if (!topics) return undefined;
    const stamp = versions.snapshot().stamp(topics);
    const settle = renderingNow(address, { always: true });
    try {
      const response = await renderSignedOut(address, req, res);
      const html = await response.text();
      if (Buffer.byteLength(html) > maxPageBytes) return undefined;
      return await keep(
        {
          status: response.status,
          headers: { get: (name) => response.headers.get(name) ?? undefined },
          html,
          res,
          nonce: res.locals.cspNonce,
          address,
          varyValues: (names) => names.map((name) => String(req.headers[name] ?? "")),
        },
        topics,
        stamp,
      );
    } finally {
      settle();
    }
  };

  return {
    serve,
    capture,
    serveSignedIn: (options) =>
      signedInPages({
        ...options,
        personalData,
        sharedPage: (address, req, res) => sharedPage(address, req, res, options.renderSignedOut),
        knownVersions: (topic) => versions.snapshot().version(topic),
        setPageHeaders,
      }),
    close: () => versions.close(),
  };
}

const headerText = (value: ReturnType<Response["getHeader"]>) =>
  value === undefined ? undefined : Array.isArray(value) ? value.join(", ") : String(value);

// Signed-in people's pages from the kept ones: a page every route of which says how it differs
// for a signed-in person (app/lib/content-versions/page-cache.ts, `signedIn`) is the kept page
// with the person's slots filled in (app/lib/personal/): their data from a small query or two,
// their parts rendered alone, instead of the whole page rendered for each request.
import type { Request, RequestHandler, Response } from "express";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import { chooseEncoding } from "../content-encoding.ts";
import { LeftWhileWaiting } from "../middleware/render-queue.ts";
import { bodyBuffers, type BodyBuffers } from "./body-buffers.ts";
import { filledPage, personalParts } from "./personal-template.ts";
import type { StoredPage } from "./stored-page.ts";
import type { KnownVersions } from "#app/lib/content-versions/versioned-snapshot.server.ts";

export interface SignedInPagesOptions {
  /** The signed-in person of a request, from its session as the routes find it (tokens renewed when due), or null. */
  personOf(req: Request): Promise<SessionUser | null>;
  /** That person's data of the page at `url`, by name, and the address of the kept page it fills in; null: render it whole. */
  loadPersonal(
    names: readonly string[],
    user: SessionUser,
    url: URL,
    /** The stored contents' versions as the page cache last read them. */
    knownVersions: KnownVersions,
  ): Promise<{ data: Record<string, unknown>; sharedAddress: string } | null>;
  /** The page at `address` as a signed-out visitor gets it, rendered for this request. */
  renderSignedOut(address: string, req: Request, res: Response): Promise<globalThis.Response>;
}

interface FromPageCache {
  /** The personal data the page at a path reads when it can be filled in; undefined: rendered whole. */
  personalData(path: string): readonly string[] | undefined;
  /** The kept page at an address, rendered first if it is not kept or out of date. */
  sharedPage(address: string, req: Request, res: Response): Promise<StoredPage | undefined>;
  /** The content versions the page cache last read (content-versions-watch.ts). */
  knownVersions: KnownVersions;
  setPageHeaders(res: Response, page: StoredPage, source: "filled"): void;
}

export function signedInPages({
  personalData,
  personOf,
  loadPersonal,
  sharedPage,
  knownVersions,
  setPageHeaders,
}: SignedInPagesOptions & FromPageCache): RequestHandler {
  const buffers = bodyBuffers();
  return async (req, res, next) => {
    // React Router's data requests (`.data`) carry loaders' answers, not pages: rendered as ever.
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.cookie === undefined || req.path.endsWith(".data")) return next();
    const names = personalData(req.path);
    if (!names) return next();
    try {
      // A cookie without a live session (ended, or not a session's) is a visitor's: rendered as ever.
      const user = await personOf(req);
      if (!user) return next();
      const personal = await loadPersonal(names, user, new URL(req.originalUrl, "http://localhost"), knownVersions);
      if (!personal) return next();
      const page = await sharedPage(personal.sharedAddress, req, res);
      const template = page?.personal && !("problem" in page.personal) ? page.personal : undefined;
      const parts = template && personalParts(template, personal.data, req.originalUrl);
      if (!page || !template || !parts) return next();
      // Gzip, spliced from the kept page's pieces compressed once: no compressing per request.
      const encoding = chooseEncoding(req.headers["accept-encoding"], (candidate) => candidate === "gzip") as "gzip" | undefined;
      let buffer: ReturnType<BodyBuffers["take"]> | undefined;
      const body = filledPage(template, parts, encoding, (size) => (buffer = buffers.take(size)).buffer);
      // Closed once the answer is written, or the connection gone: either way nothing reads the body any more.
      if (buffer) res.once("close", buffer.giveBack);
      setPageHeaders(res, page, "filled");
      res.vary([...page.vary, "accept-encoding"].join(", "));
      if (encoding) res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", body.length);
      res.status(200);
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (err) {
      // Left while the kept page waited its turn to render: no one to answer, not an error to log.
      if (err instanceof LeftWhileWaiting) return;
      next(err);
    }
  };
}

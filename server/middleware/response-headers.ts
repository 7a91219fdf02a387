// Headers decided when a response's head is written, whatever wrote it.
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { retryAfterSeconds } from "#app/lib/db/unavailable.server.ts";
import { pageCacheControl } from "../page-cache/index.ts";

/**
 * While the process drains, every answer tells its keep-alive connection to close, requests
 * already in flight when draining started included.
 */
export const closeConnectionsWhenDraining =
  (isDraining: () => boolean): RequestHandler =>
  (_req, res, next) => {
    onHeaders(res, () => {
      if (isDraining()) res.setHeader("Connection", "close");
    });
    next();
  };

/** A 503 from here on means the database is stalled (middleware/database-unavailable.ts): say when to come back. */
export const retryAfterOnStall: RequestHandler = (_req, res, next) => {
  onHeaders(res, () => {
    if (res.statusCode === 503) res.setHeader("Retry-After", String(retryAfterSeconds));
  });
  next();
};

/**
 * Pages can differ per visitor (sign-in): browsers may keep them, shared caches may not. Set as
 * the head is written, so a route's own Cache-Control (no-store) replaces it.
 */
export const pagesKeptByBrowsersOnly: RequestHandler = (_req, res, next) => {
  onHeaders(res, () => {
    if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", pageCacheControl);
  });
  next();
};

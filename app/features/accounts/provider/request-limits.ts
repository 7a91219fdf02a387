import type { RequestHandler } from "express";
import type { Kysely } from "kysely";
import { consumeRateLimit } from "#app/lib/http/rate-limit.server.ts";
import type { Database } from "#app/lib/db/schema.ts";

/**
 * The two provider addresses that store a row for anyone who asks (a sign-in interaction at
 * /auth, a provider session at /session/end), bounded per client address as /signin is.
 * Resuming an interaction (/auth/:uid) and the sign-out confirmation store nothing new.
 */
const storingPaths = new Set(["/auth", "/session/end"]);
const providerRequestLimit = { limit: 60, windowSeconds: 15 * 60 };

export function limitProviderRequests(db: Kysely<Database>): RequestHandler {
  return async (req, res, next) => {
    if (!storingPaths.has(req.path)) return next();
    try {
      const rate = await consumeRateLimit(db, { key: `idp:${req.ip ?? "unknown"}`, ...providerRequestLimit });
      if (rate.allowed) return next();
      res
        .status(429)
        .set("Retry-After", String(rate.retryAfterSeconds))
        .type("text/plain")
        .send("Too many sign-in requests from your network. Please try again in a few minutes.");
    } catch (error) {
      next(error);
    }
  };
}

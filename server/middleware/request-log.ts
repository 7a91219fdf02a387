import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "pino";

const incomingIdPattern = /^[A-Za-z0-9._-]{8,128}$/;

declare global {
  namespace Express {
    interface Locals {
      requestId: string;
    }
  }
}

/**
 * Gives every request an id (a proxy's X-Request-Id is kept when it looks
 * sane) and writes one JSON line per request when the response ends.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && incomingIdPattern.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("close", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        requestId,
        method: req.method,
        // The path only: query strings carry authorization codes and tokens (/signin/callback, /idp/…).
        path: req.originalUrl.split("?")[0],
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
        aborted: !res.writableFinished || undefined,
      };
      // A 503 is an answer the site chose (its database stalled, it is shutting down), said once as a warning.
      if (res.statusCode === 503) logger.warn(line, "request");
      else if (res.statusCode >= 500) logger.error(line, "request");
      else logger.info(line, "request");
    });
    next();
  };
}

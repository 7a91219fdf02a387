import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { databaseUnavailableReason, retryAfterSeconds } from "#app/lib/db/unavailable.server.ts";

/**
 * Errors no page answered: a stalled database is a 503 with a time to come back (the built-in
 * provider's pages, /idp, reach it outside React Router), a client's error its 4xx, anything else
 * a logged 500 with a sentence.
 */
export const answerUnhandledErrors =
  (logger: Logger): ErrorRequestHandler =>
  (error, req, res, _next) => {
    const unavailable = databaseUnavailableReason(error);
    if (unavailable) {
      logger.warn(
        { reason: unavailable, method: req.method, path: req.path, requestId: res.locals.requestId },
        "database unavailable; answered 503",
      );
      if (res.headersSent) return res.end();
      res.status(503).setHeader("Retry-After", String(retryAfterSeconds));
      res.type("text/plain").send("The site is briefly unavailable. Please try again in a moment.");
      return;
    }
    const status = Number(error?.status ?? error?.statusCode);
    const clientError = status >= 400 && status < 500;
    // Logged even when the answer had started (a stream that broke midway).
    if (!clientError) logger.error({ err: error, requestId: res.locals.requestId }, "unhandled error");
    if (res.headersSent) return res.end();
    if (clientError) {
      res
        .status(status)
        .type("text/plain")
        .send(status === 404 ? "Not found." : "Bad request.");
      return;
    }
    res.status(500).type("text/plain").send("Something went wrong on our side. Please try again.");
  };

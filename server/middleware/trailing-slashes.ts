import type { RequestHandler } from "express";

/** `path` with a run of slashes at its end made one ("/about//" → "/about/", "//" → "/"). */
export const withOneTrailingSlash = (path: string) => path.replace(/\/{2,}$/, "/");

/**
 * Sends an address whose path ends in several slashes ("/about//") to the same address with one,
 * 308 (permanent, the method and body kept). The server's React Router matches routes with its
 * route-pattern matcher, which takes one slash at the end; the browser's takes any number
 * (server/route-pattern-matching.ts). Redirected, both see the same path, as do the page cache and
 * what the routes declare.
 */
export function oneTrailingSlash(): RequestHandler {
  return (req, res, next) => {
    // Every request passes here: a test of the path Express has parsed already, and nothing more.
    if (!req.path.endsWith("//")) return next();
    const queryAt = req.originalUrl.indexOf("?");
    res.redirect(308, withOneTrailingSlash(req.path) + (queryAt < 0 ? "" : req.originalUrl.slice(queryAt)));
  };
}

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
    const queryAt = req.originalUrl.indexOf("?");
    const path = queryAt < 0 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
    const canonical = withOneTrailingSlash(path);
    if (canonical === path) return next();
    res.redirect(308, canonical + (queryAt < 0 ? "" : req.originalUrl.slice(queryAt)));
  };
}

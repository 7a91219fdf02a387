import type { RequestHandler } from "express";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by another site, for every route
 * (React Router checks only its page routes, not resource routes like /logout).
 * Browsers send Origin on cross-site POSTs and Sec-Fetch-Site on all requests;
 * a request with neither comes from no browser, and SameSite=Lax cookies keep
 * it from carrying anyone's session.
 */
export function rejectCrossSiteRequests(): RequestHandler {
  return (req, res, next) => {
    if (safeMethods.has(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    // req.host: the address people used, as a trusted proxy reports it (X-Forwarded-Host).
    const ownOrigin = `${req.protocol}://${req.host}`;
    const crossSite =
      (origin !== undefined && origin !== ownOrigin) || (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none");
    if (!crossSite) return next();
    res.status(403).type("text/plain").send("This form was sent from another website, so it was refused.");
  };
}

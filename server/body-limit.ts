import type { RequestHandler } from "express";

/**
 * Refuses request bodies over their path's limit before anything buffers them. Form
 * posts from browsers always state their length; a body without one is refused.
 */
export function limitRequestBodies(maxBytesFor: (path: string) => number): RequestHandler {
  return (req, res, next) => {
    const maxBytes = maxBytesFor(req.path);
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const declared = req.headers["content-length"];
    // A refused body is not read, so the connection cannot carry another request.
    const refuse = (status: number, message: string) => {
      res.setHeader("Connection", "close");
      res.status(status).type("text/plain").send(message);
    };
    if (declared === undefined) {
      if (req.headers["transfer-encoding"] === undefined) return next(); // no body at all
      return refuse(411, "Please send the form again: its length was missing.");
    }
    if (Number(declared) > maxBytes) {
      return refuse(413, "This form submission is too large.");
    }
    next();
  };
}

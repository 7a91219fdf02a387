import type { RequestHandler } from "express";
import type { RouteDeclarations } from "../route-declarations.ts";

/** What every page takes: reading it, and posting its form. */
export const pageMethods = new Set(["GET", "HEAD", "POST"]);
const allow = [...pageMethods].join(", ");

/**
 * What our forms send: HTML forms and React Router's <Form> and fetchers (URL-encoded, or
 * multipart for a FormData body, as the lesson player's progress reports). React Router sends
 * JSON or text/plain only when a form asks for it (`encType`), which ours never do.
 */
const formTypes = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Refuses, for every page and resource route (new ones included), requests no route
 * takes, before React Router sees them: there a body that is not a form makes an action's
 * `request.formData()` throw (a 500 logged as our error), and TRACE makes the adapter's
 * `new Request()` throw. Mounted after /idp and /media, which take their own methods.
 *
 * CONNECT and methods Node does not know never get here: Node closes the connection or
 * answers 400 itself. A form that is declared but cannot be parsed (broken multipart) is
 * refused by the root route's middleware (app/middleware/form-body.server.ts).
 */
export function refuseUnexpectedRequests(routes: RouteDeclarations): RequestHandler {
  return (req, res, next) => {
    if (!pageMethods.has(req.method)) {
      res
        .status(405)
        .set("Allow", allow)
        .type("text/plain")
        .send(`This address does not take ${req.method} requests: pages here are read (GET) and their forms sent (POST).`);
      return;
    }
    if (req.method !== "POST") return next();
    const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (formTypes.has(type)) return next();
    if (!type && req.headers["transfer-encoding"] === undefined && Number(req.headers["content-length"] ?? 0) === 0) {
      // No body at all (`fetch(url, { method: "POST" })`, `curl -X POST`) is a form without
      // fields, like Log out's. Labelled as one, actions find no fields instead of failing to read it.
      req.headers["content-type"] = "application/x-www-form-urlencoded";
      return next();
    }
    // The routes that also take JSON (from API clients) say so in their `handle`.
    const { takesJson } = routes.of(req.path);
    if (type === "application/json" && takesJson) return next();
    if (takesJson) {
      res
        .status(415)
        .set("Accept-Post", [...formTypes, "application/json"].join(", "))
        .type("text/plain")
        .send(`This address takes JSON (application/json) or forms (${[...formTypes].join(" or ")}).`);
      return;
    }
    res
      .status(415)
      .set("Accept-Post", [...formTypes].join(", "))
      .type("text/plain")
      .send(`This address takes only forms, sent as ${[...formTypes].join(" or ")}. Please use the form on the page.`);
  };
}

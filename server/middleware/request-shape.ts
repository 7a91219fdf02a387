import type { Request, RequestHandler, Response } from "express";
import { isStorableText } from "#app/lib/text/text.ts";
import { lastAnswers } from "#app/lib/last-answers.ts";
import { pageMethods } from "./page-requests.ts";

// How a request names what it asks for, checked once for every path (pages, /idp, /media, the
// uploads) before anything reads it: its target (RFC 9112 §3.2), the address it builds with Host
// and a trusted proxy's X-Forwarded-Proto, and the text of its path, query and cookies.

/** scheme://authority, then the path and query as sent. */
const absoluteForm = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^#]*)$/;

/**
 * Answers an absolute-form target (`GET http://host/about HTTP/1.1`, what clients send to
 * proxies) as the path it names, its authority taking the place of Host, as RFC 9112 §3.2.2 asks
 * of every server. Mounted first: everything after sees an ordinary request (a Host other than
 * PUBLIC_URL's is then sent there, as for any request). A target that is no http(s) address is
 * left for refuseUnreadableRequests.
 */
export function acceptAbsoluteForm(): RequestHandler {
  return (req, _res, next) => {
    const [, scheme = "", authority = "", rest = ""] = absoluteForm.exec(req.url) ?? [];
    if (/^https?$/i.test(scheme) && (authority === "" || isHostAndPort(authority))) {
      req.headers.host = authority;
      req.url = req.originalUrl = rest.startsWith("/") ? rest : `/${rest}`;
    }
    next();
  };
}

/**
 * Whether `value` is a host, with a port or not, and nothing else ("example.com:8080", "[::1]").
 * Asked of every request's Host, which a site's requests name in a few spellings: each answered
 * once (parsing it as an address was 1 % of a signed-in page's time).
 */
const isHostAndPort = lastAnswers((value: string): boolean => {
  const url = URL.parse(`http://${value}/`);
  return url !== null && url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
});

/** `OPTIONS *` asks what the server as a whole takes: what every page takes (server/middleware/page-requests.ts). */
const serverMethods = ["OPTIONS", ...pageMethods].join(", ");

/**
 * Refuses with 400 and a sentence, before any route or query sees them, the requests no page can
 * be read from, for every path (new ones included):
 * - a target that is neither a path nor `OPTIONS *` (which is answered 204 with Allow);
 * - an address that cannot be built from Host (or a trusted proxy's X-Forwarded-Host) and
 *   X-Forwarded-Proto: React Router would fail on it, a 500;
 * - text in the path or query that no database keeps (a NUL, written %00): on PostgreSQL the first
 *   query given it fails, a 500. Text values of forms and JSON are checked by their schemas
 *   (app/lib/text/text.ts); Node itself answers 400 to a NUL byte in a header.
 *
 * A cookie holding such text is dropped (read as absent) rather than refused: the site never sets
 * one, and refusing would lock its holder out of every page until it expires.
 */
export function refuseUnreadableRequests(): RequestHandler {
  return (req, res, next) => {
    if (req.url === "*" && req.method === "OPTIONS") {
      res.status(204).set("Allow", serverMethods).end();
      return;
    }
    if (!req.url.startsWith("/")) {
      return refuse(
        res,
        `The site cannot read this request's target. Ask for a path, like ${req.method} /about HTTP/1.1 (the * target is only for OPTIONS).`,
      );
    }
    if (!/^https?$/i.test(req.protocol)) return refuse(res, "X-Forwarded-Proto must be http or https.");
    if (req.host && !isHostAndPort(req.host)) return refuse(res, "The Host header does not name a host.");
    // In a path a NUL can only come written %00 (Node refuses the byte itself), wherever it is: a
    // malformed escape elsewhere leaves the whole undecodable while a route decodes each part.
    // Decoding never yields a lone surrogate half (it refuses them).
    if (req.path.includes("%00") || !queryIsStorable(req)) {
      return refuse(res, "This address contains a character that cannot be read (a NUL character, written %00). Please check the link.");
    }
    dropUnreadableCookies(req);
    next();
  };
}

/** `encoded` percent-decoded; as it is when it is malformed (pages answer that with their own 400). */
function decodedOr(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

function queryIsStorable(req: Request): boolean {
  const query = req.originalUrl.indexOf("?");
  if (query < 0) return true;
  for (const [name, value] of new URLSearchParams(req.originalUrl.slice(query + 1))) {
    if (!isStorableText(name) || !isStorableText(value)) return false;
  }
  return true;
}

function dropUnreadableCookies(req: Request) {
  const header = req.headers.cookie;
  if (!header) return;
  const pairs = header.split(";");
  const readable = pairs.filter((pair) => isStorableText(decodedOr(pair)));
  if (readable.length !== pairs.length) req.headers.cookie = readable.join(";");
}

function refuse(res: Response, message: string) {
  res.status(400).type("text/plain").send(message);
}

import type { Request, RequestHandler } from "express";
import type { Logger } from "pino";
import { lastAnswers } from "#app/lib/last-answers.ts";

/** Names a browser may use for this machine: localhost, 127.x.x.x and [::1]. */
const loopbackHostname = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * The host the browser asked for, spelled as URL.host spells it (lower case, the scheme's
 * default port left out), or null when it is missing or malformed. Behind a trusted proxy
 * (TRUST_PROXY) Express takes it from X-Forwarded-Host (its first value), which a client
 * can also send: harmless here, since redirects go to PUBLIC_URL, never to the header's
 * value, so a forged value only sends its sender to the right address or lets it stay.
 */
function requestedHost(req: Request, scheme: string): URL | null {
  return req.host ? hostAddress(`${scheme}//${req.host}`) : null;
}

/** `address` (scheme://host) as a URL when it names a host and nothing else; each asked once (it is every request's). */
const hostAddress = lastAnswers((address: string): URL | null => {
  const url = URL.parse(address);
  const hostOnly = url !== null && url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
  return hostOnly ? url : null;
});

/**
 * Sends visitors who opened the site at another address than PUBLIC_URL (127.0.0.1 for
 * localhost, a LAN address) there: session cookies and the sign-in redirect are bound to
 * its host, so at any other address registering and signing in fail without a word.
 * Mounted after the health checks, which load balancers call at instance addresses.
 *
 * Host and port are compared, not the scheme: behind a TLS proxy that sends no
 * X-Forwarded-Proto (or without TRUST_PROXY) every request looks like plain HTTP, and
 * sending it to https:// would loop. Upgrading to HTTPS is the proxy's job.
 */
export function redirectToPublicAddress({ publicUrl, logger }: { publicUrl: string | undefined; logger: Logger }): RequestHandler {
  const configured = publicUrl ? new URL(publicUrl) : undefined;
  let warnedRedirect = false;
  let warnedUnset = false;

  /**
   * Without PUBLIC_URL the site's address is http://localhost:PORT. Another loopback name is
   * surely this machine, so localhost on the port the browser used is right. Any other name
   * (a LAN address) is not: a lab's computers sent to their own localhost would see nothing,
   * so they are served, and the log says PUBLIC_URL is needed for signing in.
   */
  function localhostOrigin(req: Request): string | null {
    const requested = requestedHost(req, "http:");
    if (!requested || requested.hostname === "localhost") return null;
    if (loopbackHostname.test(requested.hostname)) return `http://localhost${requested.port ? `:${requested.port}` : ""}`;
    if (!warnedUnset) {
      warnedUnset = true;
      logger.warn(
        { host: requested.host },
        "the site was opened at another address than localhost, but PUBLIC_URL is unset: signing in works only at localhost; set PUBLIC_URL to the address people use",
      );
    }
    return null;
  }

  function publicOrigin(req: Request, publicAddress: URL): string | null {
    const requested = requestedHost(req, publicAddress.protocol);
    if (requested?.host === publicAddress.host) return null;
    // Proxies often forward the name without the port (nginx's $host): a forwarded host
    // without a port is compared by name, or a PUBLIC_URL with a port would redirect forever.
    const forwarded = req.host !== req.get("host");
    if (forwarded && requested && !requested.port && requested.hostname === publicAddress.hostname) return null;
    if (!warnedRedirect) {
      // Once, for whoever runs the site: a proxy that passes neither the original Host nor
      // X-Forwarded-Host (with TRUST_PROXY) makes every request look misdirected.
      warnedRedirect = true;
      logger.warn(
        { host: req.host, publicUrl: publicAddress.origin },
        "a request for another host than PUBLIC_URL's was sent there (behind a proxy, pass the original Host header on)",
      );
    }
    return publicAddress.origin;
  }

  return (req, res, next) => {
    // The origin this request belongs at, or null when it is there (or nowhere better is known).
    const origin = configured ? publicOrigin(req, configured) : localhostOrigin(req);
    if (!origin) return next();
    if (req.method === "GET" || req.method === "HEAD") {
      // Only an origin-form target ("/path?query") is carried over: anything else glued to the
      // origin could change its host ("@evil.example").
      const target = req.originalUrl.startsWith("/") ? req.originalUrl : "/";
      // Permanent (308; for GET and HEAD the same as 301), so search engines and link checkers
      // learn the address, but never stored: PUBLIC_URL can change (a lab moving to a host
      // name), and a browser keeping the old redirect would follow it without asking again,
      // into a loop nobody can clear.
      res.setHeader("Cache-Control", "no-store");
      res.redirect(308, origin + target);
      return;
    }
    // A form sent to the wrong address is not replayed at the right one (as a 308 would have
    // the browser do): its cookies and Origin belong to the wrong address, so it would be
    // refused there anyway, less clearly. 421: this server does not answer for that host.
    res.status(421).type("text/plain").send(`This site's address is ${origin} – please open it there and send the form again.`);
  };
}

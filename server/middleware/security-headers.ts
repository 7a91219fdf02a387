import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

declare global {
  namespace Express {
    interface Locals {
      cspNonce: string;
    }
  }
}

const oneYear = 365 * 24 * 60 * 60;

const permissionsPolicy =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), fullscreen=(self), display-capture=()";

/** A mentoring session's live room: the one page that may use the camera, the microphone and screen sharing (for itself only). */
const liveRoomPermissionsPolicy =
  "accelerometer=(), camera=(self), geolocation=(), gyroscope=(), magnetometer=(), microphone=(self), payment=(), usb=(), fullscreen=(self), display-capture=(self)";

/** The live room's page, in any letter case, as the routes match it. */
const isLiveRoomPage = (path: string) => /^\/mentorship\/bookings\/[^/]+\/room\/?$/i.test(path);

const hsts = `max-age=${oneYear}`;

/**
 * The headers a script or stylesheet obeys, for the hashed assets, which are answered before the
 * document headers below: a Content-Security-Policy and the frame, referrer and permission
 * policies govern documents only, and setting them on every asset took 8 % of its throughput.
 */
export const subresourceHeaders: RequestHandler = (req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  if (req.secure) res.setHeader("Strict-Transport-Security", hsts);
  next();
};

/**
 * 16 random bytes per response, cut from a pool of them refilled 1,024 responses at a time: one
 * call for random bytes per response took 8 % of a worker's time answering from the page cache.
 */
function nonceSource(): () => string {
  const size = 16;
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + size > pool.length) {
      pool = randomBytes(size * 1024);
      offset = 0;
    }
    offset += size;
    return pool.toString("base64", offset - size, offset);
  };
}

/** The headers every page carries whatever its path, in the order they are sent. */
const fixedHeaders: ReadonlyArray<readonly [string, string]> = [
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Origin-Agent-Cluster", "?1"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Content-Type-Options", "nosniff"],
  ["X-DNS-Prefetch-Control", "off"],
  ["X-Download-Options", "noopen"],
  ["X-Frame-Options", "DENY"],
  ["X-Permitted-Cross-Domain-Policies", "none"],
  ["X-XSS-Protection", "0"],
];

/** Where a page's policy differs from the others': its path, in any letter case, as the routes match it. */
type PageKind = "page" | "feedback" | "library" | "live-room";

function pageKindOf(path: string): PageKind {
  const lower = path.toLowerCase();
  // The feedback wall shows pictures people link from anywhere; no other page loads images of other sites.
  if (lower === "/feedback" || lower.startsWith("/feedback/")) return "feedback";
  if (lower.replace(/\/+$/, "") === "/library") return "library";
  if (isLiveRoomPage(path)) return "live-room";
  return "page";
}

/** Stands for the response's nonce in a policy made once, before any response. */
const nonceMark = "\0nonce\0";

/**
 * Security headers for every response. Scripts run only from our origin or
 * with this response's nonce; no `unsafe-inline` for scripts or styles in production.
 * Each kind of page's policy is written once, at start, with a mark where each response's nonce
 * goes: helmet built it per response and set the other headers through a middleware each, which
 * took 2 % of a signed-in course page under load on its own, besides four layers of Express.
 */
export function securityHeaders({
  development,
  providerOrigins = [],
  mediaOrigin,
  captchaOrigins = [],
  libraryImageOrigins = [],
  chatbotOrigins = [],
  errorReportingOrigin,
}: {
  development: boolean;
  /**
   * An external sign-in provider's origins: the log-out form leads there (browsers apply
   * form-action to its redirect), and profile pictures come from its hosts.
   */
  providerOrigins?: string[];
  /** Where lesson videos and captions come from when they are not ours (MEDIA_BASE_URL). */
  mediaOrigin?: string;
  /** A third-party captcha's origins (hCaptcha, when configured): its script, frames, styles and calls. */
  captchaOrigins?: string[];
  /** The public books service's cover hosts, when it is configured: allowed on the E-Library page only. */
  libraryImageOrigins?: string[];
  /** An external web chat's origins (CHATBOT_SCRIPT_URL, CHATBOT_CONFIG_URL): its scripts, styles, calls and frames. */
  chatbotOrigins?: string[];
  /** Where the browser sends error reports besides our own /errors: Sentry's, when SENTRY_DSN is set. */
  errorReportingOrigin?: string;
}): RequestHandler {
  const nextNonce = nonceSource();
  const thirdParty = [...captchaOrigins, ...chatbotOrigins];

  const policyOf = (kind: PageKind): string => {
    // The live room, where the camera and microphone are on, runs no third party's code: none of its
    // parts needs the captcha or the web chat (which only the contact and library pages show).
    const others = kind === "live-room" ? [] : thirdParty;
    const ownScripts = development
      ? ["'self'", "'unsafe-inline'"] // Vite's dev client injects inline scripts without a nonce.
      : ["'self'", `'nonce-${nonceMark}'`];
    // Our pages style with our stylesheets only: no style attributes, no <style> elements. No third-party CSS
    // but a configured captcha's or web chat's. Vite's dev server injects each stylesheet as a <style>.
    const ownStyles = development ? ["'self'", "'unsafe-inline'"] : ["'self'"];
    const ownImages = mediaOrigin ? ["'self'", "data:", mediaOrigin] : ["'self'", "data:"];
    // Profile pictures of an external provider come over HTTPS.
    const images =
      kind === "feedback"
        ? ["'self'", "data:", "https:", "http:"]
        : [...ownImages, ...(providerOrigins.length ? ["https:"] : []), ...(kind === "library" ? libraryImageOrigins : [])];
    const directives: Array<[string, string[]]> = [
      ["default-src", ["'self'"]],
      ["base-uri", ["'self'"]],
      ["script-src", [...ownScripts, ...others]],
      ["style-src", [...ownStyles, ...others]],
      ["img-src", images],
      ["font-src", ["'self'"]],
      [
        "connect-src",
        [...(development ? ["'self'", "ws:"] : ["'self'"]), ...others, ...(errorReportingOrigin ? [errorReportingOrigin] : [])],
      ],
      ...(thirdParty.length ? [["frame-src", ["'self'", ...others]] as [string, string[]]] : []),
      ["media-src", mediaOrigin ? ["'self'", mediaOrigin] : ["'self'"]],
      ["object-src", ["'none'"]],
      ["form-action", ["'self'", ...providerOrigins]],
      ["frame-ancestors", ["'none'"]],
    ];
    return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join(";");
  };
  const policies = new Map((["page", "feedback", "library", "live-room"] as const).map((kind) => [kind, policyOf(kind).split(nonceMark)]));

  return (req, res, next) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    const kind = pageKindOf(req.path);
    res.setHeader("Content-Security-Policy", policies.get(kind)!.join(nonce));
    for (const [name, value] of fixedHeaders) res.setHeader(name, value);
    if (req.secure) res.setHeader("Strict-Transport-Security", hsts);
    // No page but a session's live room needs the camera or the microphone; none needs the location or payments; lessons may go full screen.
    res.setHeader("Permissions-Policy", kind === "live-room" ? liveRoomPermissionsPolicy : permissionsPolicy);
    next();
  };
}

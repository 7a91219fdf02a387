import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

declare global {
  namespace Express {
    interface Locals {
      cspNonce: string;
    }
  }
}

const oneYear = 365 * 24 * 60 * 60;

export const permissionsPolicy =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), fullscreen=(self), display-capture=()";

/** A mentoring session's live room: the one page that may use the camera, the microphone and screen sharing (for itself only). */
export const liveRoomPermissionsPolicy =
  "accelerometer=(), camera=(self), geolocation=(), gyroscope=(), magnetometer=(), microphone=(self), payment=(), usb=(), fullscreen=(self), display-capture=(self)";

/** The live room's page, in any letter case, as the routes match it. */
export const isLiveRoomPage = (path: string) => /^\/mentorship\/bookings\/[^/]+\/room\/?$/i.test(path);

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

/**
 * Security headers for every response. Scripts run only from our origin or
 * with this response's nonce; no `unsafe-inline` for scripts or styles in production.
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
}): RequestHandler[] {
  const nextNonce = nonceSource();
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = nextNonce();
    next();
  };
  // The feedback wall shows pictures people link from anywhere; no other page loads images of other sites.
  // Paths match in any letter case, as the routes do.
  const externalImages = (req: unknown) => {
    const path = (req as { path: string }).path.toLowerCase();
    return path === "/feedback" || path.startsWith("/feedback/");
  };
  const libraryPage = (req: unknown) => (req as { path: string }).path.toLowerCase().replace(/\/+$/, "") === "/library";
  // Profile pictures of an external provider come over HTTPS.
  const imgSrc = (req: unknown) => {
    if (externalImages(req)) return "'self' data: https: http:";
    const own = mediaOrigin ? `'self' data: ${mediaOrigin}` : "'self' data:";
    const base = providerOrigins.length ? `${own} https:` : own;
    return libraryImageOrigins.length && libraryPage(req) ? `${base} ${libraryImageOrigins.join(" ")}` : base;
  };
  const ownScripts = (res: unknown) =>
    development
      ? ["'self'", "'unsafe-inline'"] // Vite's dev client injects inline scripts without a nonce.
      : ["'self'", `'nonce-${(res as { locals: Express.Locals }).locals.cspNonce}'`];

  const thirdParty = [...captchaOrigins, ...chatbotOrigins];
  // The live room, where the camera and microphone are on, runs no third party's code: none of its
  // parts needs the captcha or the web chat (which only the contact and library pages show).
  const thirdPartyOf = thirdParty.length
    ? (req: unknown) => (isLiveRoomPage((req as { path: string }).path) ? [] : thirdParty)
    : () => thirdParty;
  const sources =
    (own: (res: unknown) => string[], ...extra: string[]) =>
    (req: unknown, res: unknown) =>
      [...own(res), ...thirdPartyOf(req), ...extra].join(" ");
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: [sources(ownScripts)],
        // Our pages style with our stylesheets only: no style attributes, no <style> elements. No third-party CSS
        // but a configured captcha's or web chat's. Vite's dev server injects each stylesheet as a <style>.
        styleSrc: [sources(() => (development ? ["'self'", "'unsafe-inline'"] : ["'self'"]))],
        imgSrc: [imgSrc],
        fontSrc: ["'self'"],
        connectSrc: [
          sources(() => (development ? ["'self'", "ws:"] : ["'self'"]), ...(errorReportingOrigin ? [errorReportingOrigin] : [])),
        ],
        ...(thirdParty.length ? { frameSrc: [sources(() => ["'self'"])] } : {}),
        mediaSrc: mediaOrigin ? ["'self'", mediaOrigin] : ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'", ...providerOrigins],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS is sent only on HTTPS responses, below.
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    crossOriginEmbedderPolicy: false,
  });

  const httpsOnly: RequestHandler = (req, res, next) => {
    if (req.secure) res.setHeader("Strict-Transport-Security", hsts);
    next();
  };
  // No page but a session's live room needs the camera or the microphone; none needs the location or payments; lessons may go full screen.
  const permissions: RequestHandler = (req, res, next) => {
    res.setHeader("Permissions-Policy", isLiveRoomPage(req.path) ? liveRoomPermissionsPolicy : permissionsPolicy);
    next();
  };
  return [nonce, headers, httpsOnly, permissions];
}

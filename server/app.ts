import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import onHeaders from "on-headers";
import type { Logger } from "pino";
import { RouterContextProvider, type ServerBuild } from "react-router";
import * as productionBuild from "virtual:react-router/server-build";
import { servicesContext } from "../app/context.ts";
import { createMediaCatalog } from "../app/features/courses/lesson-media.server.ts";
import { localMediaStore } from "../app/lib/media-store.server.ts";
import { COURSE_IMAGE_MAX_MB, VIDEO_UPLOAD_PATH } from "../app/features/staff/limits.ts";
import { staffVideoUploads } from "./staff-uploads.ts";
import { sessionUserOf } from "../app/features/auth/index.server.ts";
import { contentRoles } from "../app/features/staff/roles.ts";
import { openDatabase } from "../app/lib/db/connect.server.ts";
import { databaseUnavailableReason, retryAfterSeconds } from "../app/lib/db/unavailable.server.ts";
import { pruneRateLimits } from "../app/lib/rate-limit.server.ts";
import { pruneSessions } from "../app/features/auth/sessions.server.ts";
import { pruneSignInTransactions } from "../app/features/auth/relying-party.server.ts";
import { setUpSignIn } from "../app/features/auth/sign-in-setup.server.ts";
import { pruneLoginFailures } from "../app/features/accounts/login-throttle.server.ts";
import { pruneRegistrationTickets } from "../app/features/accounts/registration-ticket.server.ts";
import { pruneAccountLinks } from "../app/features/accounts/links.server.ts";
import { createAccountMailer, pruneAccountMails } from "../app/features/accounts/mail/account-mailer.server.ts";
import { startDeliverer } from "../app/features/contact/deliverer.server.ts";
import { createContactTransport } from "../app/features/contact/transports.server.ts";
import { pruneCaptchaAnswers } from "../app/features/contact/captcha/solutions.server.ts";
import { captchaOrigins } from "../app/features/contact/captcha/verifier.server.ts";
import { googleImageOrigins } from "../app/features/library/google-books.server.ts";
import { chatbotOrigins } from "../app/features/help/chatbot.server.ts";
import type { Config } from "../app/lib/env.server.ts";
import { startServerErrorReporting } from "../app/features/error-reporting/sentry.server.ts";
import { sentryOrigin, withSentryRelease } from "../app/features/error-reporting/sentry-settings.server.ts";
import { validateSiteContent } from "../app/content/validate.server.ts";
import { limitRequestBodies, type BodyLimit } from "./body-limit.ts";
import { createRequestHandler } from "./react-router-handler.ts";
import { prepareDatabase } from "./prepare-database.ts";
import { createPageCache, pageCacheControl } from "./page-cache/index.ts";
import { bucketMediaRoutes, mediaOrigin, mediaRoutes } from "./media.ts";
import { rejectCrossSiteRequests } from "./cross-site.ts";
import { limitProviderRequests } from "./idp/request-limits.ts";
import { answerDatabaseStallsWith503 } from "./database-unavailable.ts";
import { healthRoutes } from "./health.ts";
import { refuseUnexpectedRequests } from "./page-requests.ts";
import { acceptAbsoluteForm, refuseUnreadableRequests } from "./request-shape.ts";
import { refuseRememberedNetworks } from "./refused-networks.ts";
import { queueRenders } from "./render-queue.ts";
import stylesheetHref from "../app/app.css?url";
import { redirectToPublicAddress } from "./public-address.ts";
import { pruneExpiredPayloads } from "./idp/adapter.ts";
import { requestLog } from "./request-log.ts";
import { hashedAssets, publicFiles } from "./stored-files.ts";
import { securityHeaders, subresourceHeaders } from "./security-headers.ts";

/** Our forms are a few fields of text; nothing legitimate comes near this. */
const pageForms: BodyLimit = { maxBytes: 64 * 1024, pace: "whole" };
/**
 * Staff forms carry a course picture, captions or a quiz file. A teacher's over the limit (a picture
 * far too large) is read without its file, so the page says so and keeps what was typed; beyond
 * 512 MB (a long video chosen by mistake) it is refused at once.
 */
const staffForms: BodyLimit = { maxBytes: (COURSE_IMAGE_MAX_MB + 1) * 1024 * 1024, formsReadUpTo: 512 * 1024 * 1024, pace: "steady" };
/** Lesson videos: their size is bounded by MAX_UPLOAD_MB where they are received; they take as long as the connection needs. */
const videoUploads: BodyLimit = { maxBytes: Infinity, pace: "steady" };

export interface AppOptions {
  config: Config;
  logger: Logger;
  /** Built browser assets (production). */
  clientDir: string;
  /** Present in development: Vite serves assets with hot reload and rebuilds routes on change. */
  devServer?: { middlewares: express.RequestHandler; loadBuild: () => Promise<ServerBuild> };
  /** Migrations and the seed were applied by the process that started this one (server/cluster.ts). */
  databasePrepared?: boolean;
}

export interface RunningApp {
  app: express.Express;
  /** Readiness turns false so load balancers stop sending traffic. */
  drain(): void;
  /** Releases the database; call after the HTTP server has finished its requests. */
  close(): Promise<void>;
}

/** Builds the whole HTTP application: headers, assets, health checks and the React Router pages. */
export async function createApp({ config: givenConfig, logger, clientDir, devServer, databasePrepared }: AppOptions): Promise<RunningApp> {
  const config = withSentryRelease(givenConfig, (productionBuild as unknown as ServerBuild).assets.version);
  // First, so errors logged while the rest starts (database, sign-in) are reported too.
  const errorReporting = await startServerErrorReporting(config);
  validateSiteContent();
  const database = openDatabase(config, (err) => logger.error({ err }, "database connection lost"), {
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  if (!databasePrepared) await prepareDatabase(config, logger, database);
  let draining = false;

  const { identityProvider, identityProviderHandler, relyingParty, roleSources } = await setUpSignIn(database.db, config);
  // Staff uploads go to the S3 bucket when one is configured, else to MEDIA_DIR.
  // The S3 client is loaded only when a bucket is configured (about 10 MB a worker).
  const bucket = config.S3_BUCKET
    ? (await import("../app/lib/s3-storage.server.ts")).s3Storage({ ...config, S3_BUCKET: config.S3_BUCKET })
    : undefined;
  const media = createMediaCatalog(config, bucket);
  const mediaStore = bucket ?? localMediaStore(config.MEDIA_DIR);
  const secureCookies = (req: express.Request) => Boolean(config.PUBLIC_URL?.startsWith("https:")) || req.protocol === "https";
  const videoUploadHandler = staffVideoUploads({ db: database.db, config, mediaStore, bucket }, { secureCookies, logger });
  const storedPublicFiles = devServer ? undefined : publicFiles(clientDir);
  // Development renders every page, so edits show at once.
  const pageCache =
    devServer || config.PAGE_CACHE_MB === 0
      ? undefined
      : await createPageCache({ db: database.db, mediaVersion: media.version, logger, maxBytes: config.PAGE_CACHE_MB * 1024 * 1024 });

  const prune = () =>
    Promise.all(
      [
        pruneRateLimits,
        pruneSessions,
        pruneSignInTransactions,
        pruneLoginFailures,
        pruneRegistrationTickets,
        pruneAccountLinks,
        pruneAccountMails,
        pruneExpiredPayloads,
        pruneCaptchaAnswers,
      ].map((prune) => prune(database.db)),
    )
      .then(() => videoUploadHandler.pruneUnfinished())
      .catch((err) => logger.warn({ err }, "could not prune expired rows"));
  await prune();
  const pruneTimer = setInterval(prune, 60 * 60 * 1000);
  pruneTimer.unref();

  // Contact messages are stored first, then forwarded in the background (none configured: kept for staff).
  const contactTransport = createContactTransport(config);
  const contactDeliverer = contactTransport
    ? startDeliverer({
        db: database.db,
        transport: contactTransport,
        logger: logger.child({ component: "contact-deliverer" }),
        postgres: Boolean(config.DATABASE_URL),
      })
    : undefined;
  // Mails to people about their account: through the same outbox machinery, by SMTP only.
  const accountMail = createAccountMailer(config, database.db, logger);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  app.use(requestLog(logger));
  app.use(acceptAbsoluteForm());
  app.use((_req, res, next) => {
    // Decided when the response head is written, so requests already in flight
    // when draining starts also tell their keep-alive connection to close.
    onHeaders(res, () => {
      if (draining) res.setHeader("Connection", "close");
    });
    next();
  });
  if (!devServer) {
    // Hashed, kept for a year, their brotli and gzip copies made at build time: sent from memory,
    // before compression and before the headers and checks meant for pages.
    app.use("/assets", subresourceHeaders, hashedAssets(`${clientDir}/assets`));
  }
  const providerOrigins = [config.OIDC_ISSUER, config.OIDC_LOGOUT_URL]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).origin);
  // Every answer but the hashed assets' carries them, refusals (411, 413, 421) and health checks included.
  app.use(
    securityHeaders({
      development: Boolean(devServer),
      providerOrigins: [...new Set(providerOrigins)],
      mediaOrigin: mediaOrigin(config),
      captchaOrigins: captchaOrigins(config),
      libraryImageOrigins: config.GOOGLE_BOOKS_API_KEY ? googleImageOrigins : [],
      chatbotOrigins: chatbotOrigins(config),
      errorReportingOrigin: sentryOrigin(config),
    }),
  );
  // Before anything reads the request: its target, its address and the text of its path and query.
  app.use(refuseUnreadableRequests());
  app.use(
    limitRequestBodies((path) => (path.startsWith("/staff/uploads") ? videoUploads : path.startsWith("/staff/") ? staffForms : pageForms), {
      timeoutMs: config.REQUEST_TIMEOUT_MS,
      // Only teachers' and administrators' forms carry files (pictures, captions, quiz files).
      readsOversizedFormsOf: async (req) => {
        const user = await sessionUserOf(database.db, req.headers.cookie, secureCookies(req));
        return user !== null && contentRoles.includes(user.role);
      },
    }),
  );
  app.use(healthRoutes({ ping: database.ping, isDraining: () => draining }));
  // After the health checks: load balancers call them at each instance's own address.
  app.use(redirectToPublicAddress({ publicUrl: config.PUBLIC_URL, logger }));
  // Before compression: byte ranges are ranges of the file itself.
  app.use(
    "/media",
    bucket ? bucketMediaRoutes(bucket, { signed: !config.S3_PUBLIC_URL, logger }) : await mediaRoutes(config.MEDIA_DIR, logger),
  );
  // The public files (pictures, the icon), from memory like the hashed assets, before compression.
  if (storedPublicFiles) app.use(storedPublicFiles.serve);
  // Pages kept for signed-out visitors, sent as stored (compressed once when kept).
  if (pageCache) app.use(pageCache.serve);
  // Every other body, however small. Brotli's window is cut from 4 MB to 256 KB (pages are far
  // smaller): each response being compressed holds one, and 500 at once took the process past 800 MB.
  // Quality 2, not the middleware's 4: half the time for a page 6% larger (a signed-in profile:
  // 5.9 KB in 120 µs against 5.6 KB in 240 µs), on pages rendered for one visitor and sent once.
  app.use(
    compression({
      threshold: 0,
      brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
    }),
  );
  // The provider guards its own endpoints (its token endpoint is called server to server).
  if (identityProviderHandler) app.use("/idp", limitProviderRequests(database.db), identityProviderHandler);
  app.use(rejectCrossSiteRequests());
  app.use(VIDEO_UPLOAD_PATH, videoUploadHandler.handler);
  // Pages only from here on: /idp and /media above take their own methods and bodies.
  app.use(refuseUnexpectedRequests());
  app.use(refuseRememberedNetworks({ stylesheets: [stylesheetHref] }));

  if (devServer) app.use(devServer.middlewares);

  app.use((_req, res, next) => {
    // A 503 here means the database is stalled (server/database-unavailable.ts): say when to come back.
    onHeaders(res, () => {
      if (res.statusCode === 503) res.setHeader("Retry-After", String(retryAfterSeconds));
    });
    next();
  });
  app.use((_req, res, next) => {
    // Pages can differ per visitor (sign-in): browsers may keep them, shared caches may not.
    // Set as the head is written, so a route's own Cache-Control (no-store) replaces it.
    onHeaders(res, () => {
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", pageCacheControl);
    });
    next();
  });

  const build = devServer
    ? async () => answerDatabaseStallsWith503(await devServer.loadBuild())
    : answerDatabaseStallsWith503(productionBuild as unknown as ServerBuild);

  // Enough to overlap renders waiting on the database or the books service (up to 5 s) with the
  // work of others, few enough to bound memory (500 renders at once took a worker past 850 MB).
  app.use(queueRenders(16));
  if (pageCache) app.use(pageCache.capture);
  // app.use, not a route pattern: Express decodes a pattern's parameters and answers a malformed
  // address (/%zz) with a bare 400 before the site could show its own page for it.
  app.use(
    createRequestHandler({
      build,
      mode: devServer ? "development" : "production",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, {
          db: database.db,
          config,
          logger: logger.child({ requestId: res.locals.requestId }),
          requestId: res.locals.requestId,
          nonce: res.locals.cspNonce,
          secureCookies: secureCookies(req),
          clientAddress: req.ip ?? "unknown",
          relyingParty,
          roleSources,
          media,
          fileAddress: (stored) => (stored.startsWith("/") ? (storedPublicFiles?.versioned(stored) ?? stored) : media.address(stored)),
          mediaStore,
          identityProvider,
          accountMail,
          http: { req, res },
        });
        return context;
      },
    }),
  );

  const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
    // The built-in provider's pages (/idp) reach the database outside React Router.
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
  app.use(lastResort);

  return {
    app,
    drain: () => {
      draining = true;
    },
    close: async () => {
      clearInterval(pruneTimer);
      pageCache?.close();
      media.close();
      await Promise.all([contactDeliverer?.stop(), accountMail.stop()]);
      await database.close();
      await errorReporting?.close();
    },
  };
}

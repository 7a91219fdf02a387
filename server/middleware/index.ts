// Every request passes these in this order; the first that answers ends it. Each step's own file
// says what it does; this one says where it stands and why there.
import type express from "express";
import { VIDEO_UPLOAD_PATH } from "#app/features/courses/limits.ts";
import { sessionUserOf, signedInUserOf } from "#app/features/auth/index.server.ts";
import { loadPersonalData } from "#app/personal-data.server.ts";
import { contentRoles } from "#app/features/auth/index.ts";
import { captchaOrigins } from "#app/features/contact/captcha/verifier.server.ts";
import { googleImageOrigins } from "#app/features/library/google-books.server.ts";
import { chatbotOrigins } from "#app/features/help/chatbot.server.ts";
import { sentryOrigin } from "#app/features/error-reporting/sentry-settings.server.ts";
import stylesheetHref from "#app/app.css?url";
import { limitProviderRequests } from "#app/features/accounts/provider/request-limits.ts";
import type { SiteServices } from "../services.ts";
import { limitRequestBodies } from "./body-limit.ts";
import { compressResponses } from "./compress.ts";
import { rejectCrossSiteRequests } from "./cross-site.ts";
import { healthRoutes } from "./health.ts";
import { answerUnhandledErrors } from "./last-resort.ts";
import { bucketMediaRoutes, mediaOrigin, mediaRoutes } from "./media.ts";
import { refuseUnexpectedRequests } from "./page-requests.ts";
import { reactRouterPages } from "./pages.ts";
import { redirectToPublicAddress } from "./public-address.ts";
import { refuseRememberedNetworks } from "./refused-networks.ts";
import { queueRenders } from "./render-queue.ts";
import { requestLog } from "./request-log.ts";
import { acceptAbsoluteForm, refuseUnreadableRequests } from "./request-shape.ts";
import { closeConnectionsWhenDraining, pagesKeptByBrowsersOnly, retryAfterOnStall } from "./response-headers.ts";
import { securityHeaders, subresourceHeaders } from "./security-headers.ts";
import { hashedAssets } from "./stored-files.ts";
import { oneTrailingSlash } from "./trailing-slashes.ts";

/**
 * Enough renders at once to overlap those waiting on the database or the books service (up to
 * 5 s) with the work of others, few enough to bound memory (500 renders at once took a worker
 * past 850 MB).
 */
const rendersAtOnce = 16;

export async function useSiteMiddleware(app: express.Express, services: SiteServices, isDraining: () => boolean) {
  const { config, logger, database, bucket, devServer, pageCache, storedPublicFiles, signIn, videoUploads, routes } = services;

  app.use(requestLog(logger));
  app.use(acceptAbsoluteForm());
  app.use(closeConnectionsWhenDraining(isDraining));
  // Hashed, kept for a year, their brotli and gzip copies made at build time: sent from memory,
  // before compression and before the headers and checks meant for pages.
  if (!devServer) app.use("/assets", subresourceHeaders, hashedAssets(`${services.clientDir}/assets`));
  // Every answer but the hashed assets' carries them, refusals (411, 413, 421) and health checks included.
  const providerOrigins = [config.OIDC_ISSUER, config.OIDC_LOGOUT_URL]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).origin);
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
  // What each route declares in its `handle` (body limits, JSON, keeping): read from the routes as
  // they are now, in development, where they change as files are edited.
  if (devServer) app.use((_req, _res, next) => void routes.refresh().then(() => next(), next));
  app.use(
    limitRequestBodies((path) => routes.of(path).body, {
      timeoutMs: config.REQUEST_TIMEOUT_MS,
      // Only teachers' and administrators' forms carry files (pictures, captions, quiz files).
      readsOversizedFormsOf: async (req) => {
        const user = await sessionUserOf(database.db, req.headers.cookie, services.secureCookies(req));
        return user !== null && contentRoles.includes(user.role);
      },
    }),
  );
  app.use(healthRoutes({ ping: database.ping, isDraining }));
  // After the health checks: load balancers call them at each instance's own address.
  app.use(redirectToPublicAddress({ publicUrl: config.PUBLIC_URL, logger }));
  // Before anything looks a path up (the media, the kept pages, the routes' declarations).
  app.use(oneTrailingSlash());
  // Before compression: byte ranges are ranges of the file itself.
  app.use(
    "/media",
    bucket ? bucketMediaRoutes(bucket, { signed: !config.S3_PUBLIC_URL, logger }) : await mediaRoutes(config.MEDIA_DIR, logger),
  );
  // The public files (pictures, the icon), from memory like the hashed assets, before compression.
  if (storedPublicFiles) app.use(storedPublicFiles.serve);
  // Pages kept for signed-out visitors, sent as stored (compressed once when kept).
  if (pageCache) app.use(pageCache.serve);
  const renders = queueRenders(rendersAtOnce, (path) => routes.of(path).waits);
  const pages = reactRouterPages(services);
  if (pageCache) {
    // Signed in: the kept page with the person's parts filled in, where its routes say how, gzipped
    // from pieces compressed once. Here, before the steps only rendered pages need (compression,
    // the checks of posts, the headers set as a render's head is written), which such an answer
    // would pay for nothing. A kept page it renders first waits its turn like any render.
    app.use(
      pageCache.serveSignedIn({
        personOf: (req) =>
          signedInUserOf(
            { db: database.db, relyingParty: signIn.relyingParty, logger, secureCookies: services.secureCookies(req) },
            req.headers.cookie,
          ),
        loadPersonal: (names, user, url, knownVersions) => loadPersonalData(names, { db: database.db, user, url, knownVersions }),
        renderSignedOut: async (address, req, res) => {
          await renders.turn(res);
          return pages.renderSignedOut(address, req, res);
        },
      }),
    );
  }
  app.use(compressResponses());
  // The provider guards its own endpoints (its token endpoint is called server to server).
  if (signIn.identityProviderHandler) app.use("/idp", limitProviderRequests(database.db), signIn.identityProviderHandler);
  app.use(rejectCrossSiteRequests());
  app.use(VIDEO_UPLOAD_PATH, videoUploads.handler);
  // Pages only from here on: /idp, /media and the uploads above take their own methods and bodies.
  app.use(refuseUnexpectedRequests(routes));
  app.use(refuseRememberedNetworks({ stylesheets: [stylesheetHref] }));
  if (devServer) app.use(devServer.middlewares);
  app.use(retryAfterOnStall);
  app.use(pagesKeptByBrowsersOnly);
  app.use(renders.handler);
  if (pageCache) app.use(pageCache.capture);
  // app.use, not a route pattern: Express decodes a pattern's parameters and answers a malformed
  // address (/%zz) with a bare 400 before the site could show its own page for it.
  app.use(pages.serve);
  app.use(answerUnhandledErrors(logger));
}

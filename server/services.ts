// What the site's requests use, built once per process in dependency order and closed in reverse.
import type express from "express";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import * as productionBuild from "virtual:react-router/server-build";
import { createMediaCatalog } from "#app/features/courses/lesson-media.server.ts";
import { localMediaStore } from "#app/lib/storage/media-store.server.ts";
import { openDatabase } from "#app/lib/db/connect.server.ts";
import { setUpSignIn } from "#app/features/auth/sign-in-setup.server.ts";
import { createAccountMailer } from "#app/features/accounts/mail/account-mailer.server.ts";
import { startMentorshipMailer } from "#app/features/mentorship/mail.server.ts";
import { startRoomBus } from "#app/features/mentorship/room-bus.server.ts";
import { startDeliverer } from "#app/lib/outbox/deliverer.server.ts";
import { createContactTransport } from "#app/features/contact/transports.server.ts";
import type { Config } from "#app/lib/config/env.server.ts";
import { startServerErrorReporting } from "#app/features/error-reporting/sentry.server.ts";
import { withSentryRelease } from "#app/features/error-reporting/sentry-settings.server.ts";
import { validateSiteContent } from "#app/content/validate.server.ts";
import { prepareDatabase } from "./prepare-database.ts";
import { createPageCache } from "./page-cache/index.ts";
import { staffVideoUploads, videoUploadMounts } from "./middleware/staff-uploads.ts";
import { publicFiles } from "./middleware/stored-files.ts";
import { routeDeclarations } from "./route-declarations.ts";

export interface ServiceOptions {
  config: Config;
  logger: Logger;
  /** Built browser assets (production). */
  clientDir: string;
  /** Present in development: Vite serves assets with hot reload and rebuilds routes on change. */
  devServer?: { middlewares: express.RequestHandler; loadBuild: () => Promise<ServerBuild> };
  /** Migrations and the seed were applied by the process that started this one (server/cluster.ts). */
  databasePrepared?: boolean;
}

export type SiteServices = Awaited<ReturnType<typeof createServices>>;

export async function createServices({ config: givenConfig, logger, clientDir, devServer, databasePrepared }: ServiceOptions) {
  const closing: Array<() => unknown> = [];
  const build = devServer ? devServer.loadBuild : (productionBuild as unknown as ServerBuild);
  const routes = routeDeclarations(build, videoUploadMounts);
  // What the page cache may keep, for checking (tests/integration/page-cache-coverage.test.ts).
  if (!devServer) logger.debug({ keptRoutes: routes.keptRoutes(givenConfig) }, "route declarations");
  const config = withSentryRelease(givenConfig, (productionBuild as unknown as ServerBuild).assets.version);
  // First, so errors logged while the rest starts (database, sign-in) are reported too.
  const errorReporting = await startServerErrorReporting(config);
  closing.push(() => errorReporting?.close());
  validateSiteContent();
  const database = openDatabase(config, (err) => logger.error({ err }, "database connection lost"), {
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  closing.push(() => database.close());
  if (!databasePrepared) await prepareDatabase(config, logger, database);

  const signIn = await setUpSignIn(database.db, config);
  // Staff uploads go to the S3 bucket when one is configured, else to MEDIA_DIR.
  // The S3 client is loaded only when a bucket is configured (about 10 MB a worker).
  const bucket = config.S3_BUCKET
    ? (await import("#app/lib/storage/s3-storage.server.ts")).s3Storage({ ...config, S3_BUCKET: config.S3_BUCKET })
    : undefined;
  const media = createMediaCatalog(config, bucket);
  closing.push(() => media.close());
  const mediaStore = bucket ?? localMediaStore(config.MEDIA_DIR);
  const secureCookies = (req: express.Request) => Boolean(config.PUBLIC_URL?.startsWith("https:")) || req.protocol === "https";
  const videoUploads = staffVideoUploads(
    { db: database.db, config, mediaStore, bucket },
    { secureCookies, relyingParty: signIn.relyingParty, logger },
  );
  const storedPublicFiles = devServer ? undefined : publicFiles(clientDir);
  // Development renders every page, so edits show at once.
  const pageCache =
    devServer || config.PAGE_CACHE_MB === 0
      ? undefined
      : await createPageCache({
          db: database.db,
          mediaVersion: media.version,
          logger,
          maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
          keptTopics: (path) => routes.of(path).keptTopics(config),
          personalData: (path) => routes.of(path).personalData(config),
        });
  closing.push(() => pageCache?.close());

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
  closing.push(() => contactDeliverer?.stop());
  // Mails to people about their account: through the same outbox machinery, by SMTP only.
  const accountMail = createAccountMailer(config, database.db, logger);
  closing.push(() => accountMail.stop());
  // Mails about mentoring sessions, reminders among them: stored always, sent by SMTP or written to the log.
  const mentorshipMail = startMentorshipMailer(config, database.db, logger);
  closing.push(() => mentorshipMail.stop());
  // Wakes live rooms' waiting requests across workers and instances.
  const roomBus = startRoomBus({ databaseUrl: config.DATABASE_URL, logger });
  closing.push(() => roomBus.close());

  return {
    config,
    logger,
    clientDir,
    devServer,
    /** The React Router build (a function in development, where it changes as files are edited). */
    build,
    routes,
    database,
    signIn,
    bucket,
    media,
    mediaStore,
    secureCookies,
    videoUploads,
    storedPublicFiles,
    pageCache,
    accountMail,
    mentorshipMail,
    roomBus,
    /** Closes what was built, the last first; call once the HTTP server has finished its requests. */
    async close() {
      for (const close of [...closing].reverse()) await close();
    },
  };
}

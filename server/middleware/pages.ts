import { RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { logTablesRead } from "#app/lib/db/tables-read.server.ts";
import type { SiteServices } from "../services.ts";
import { answerDatabaseStallsWith503 } from "./database-unavailable.ts";
import { createRequestHandler } from "./react-router-handler.ts";

/** The React Router pages, each request given the site's services (app/context.ts): served, or rendered signed out for the page cache. */
export function reactRouterPages(services: SiteServices) {
  const { config, logger, database, signIn, media, mediaStore, storedPublicFiles, accountMail, mentorshipMail, roomBus, devServer, build } =
    services;
  return createRequestHandler({
    build: typeof build === "function" ? async () => answerDatabaseStallsWith503(await build()) : answerDatabaseStallsWith503(build),
    mode: devServer ? "development" : "production",
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      const requestLogger = logger.child({ requestId: res.locals.requestId });
      context.set(servicesContext, {
        // At debug level, each query's tables are logged with the request's id. A handle of the
        // request's own also skips what is kept in memory per handle (versioned-snapshot.server.ts),
        // so every request's log names all it reads.
        db: requestLogger.isLevelEnabled("debug") ? database.db.withPlugin(logTablesRead(requestLogger)) : database.db,
        config,
        logger: requestLogger,
        requestId: res.locals.requestId,
        nonce: res.locals.cspNonce,
        secureCookies: services.secureCookies(req),
        clientAddress: req.ip ?? "unknown",
        relyingParty: signIn.relyingParty,
        roleSources: signIn.roleSources,
        media,
        fileAddress: (stored) => (stored.startsWith("/") ? (storedPublicFiles?.versioned(stored) ?? stored) : media.address(stored)),
        mediaStore,
        identityProvider: signIn.identityProvider,
        accountMail,
        mentorshipMail,
        roomBus,
        http: { req, res },
      });
      return context;
    },
  });
}

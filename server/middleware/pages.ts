import type { RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import * as productionBuild from "virtual:react-router/server-build";
import { servicesContext } from "#app/context.ts";
import type { SiteServices } from "../services.ts";
import { answerDatabaseStallsWith503 } from "./database-unavailable.ts";
import { createRequestHandler } from "./react-router-handler.ts";

/** The React Router pages, each request given the site's services (app/context.ts). */
export function reactRouterPages(services: SiteServices): RequestHandler {
  const { config, logger, database, signIn, media, mediaStore, storedPublicFiles, accountMail, devServer } = services;
  const build = devServer
    ? async () => answerDatabaseStallsWith503(await devServer.loadBuild())
    : answerDatabaseStallsWith503(productionBuild as unknown as ServerBuild);
  return createRequestHandler({
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
        secureCookies: services.secureCookies(req),
        clientAddress: req.ip ?? "unknown",
        relyingParty: signIn.relyingParty,
        roleSources: signIn.roleSources,
        media,
        fileAddress: (stored) => (stored.startsWith("/") ? (storedPublicFiles?.versioned(stored) ?? stored) : media.address(stored)),
        mediaStore,
        identityProvider: signIn.identityProvider,
        accountMail,
        http: { req, res },
      });
      return context;
    },
  });
}

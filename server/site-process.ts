// One process serving the site: loads the application (built, or through Vite in development),
// listens, and shuts down cleanly on a signal. Alone, or as one of several workers (server/cluster.ts).
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Logger } from "pino";
import { siteOrigin, type Config } from "../app/lib/env.server.ts";

type AppModule = typeof import("./app.ts");

const projectRoot = fileURLToPath(new URL("..", import.meta.url));

async function loadApplication(development: boolean) {
  if (!development) {
    const serverBuild = `${projectRoot}build/server/index.js`;
    if (!existsSync(serverBuild)) {
      console.error(`No production build at ${serverBuild}. Run "npm run build" first.`);
      process.exit(1);
    }
    return { module: (await import(pathToFileURL(serverBuild).href)) as AppModule, devServer: undefined };
  }
  const { createServer: createViteServer, isRunnableDevEnvironment } = await import("vite");
  const vite = await createViteServer({ root: projectRoot, server: { middlewareMode: true }, appType: "custom" });
  const ssr = vite.environments.ssr;
  if (!isRunnableDevEnvironment(ssr)) throw new Error("Vite's SSR environment cannot run modules");
  const module = (await ssr.runner.import("/server/app.ts")) as AppModule;
  const devServer = {
    middlewares: vite.middlewares,
    loadBuild: () => ssr.runner.import("virtual:react-router/server-build"),
    close: () => vite.close(),
  };
  return { module, devServer };
}

/**
 * One line an operator's log tooling can read, naming the problem (an unreachable database, a
 * failed migration), instead of a bare stack trace on stderr; then exit 1.
 */
export function exitCouldNotStart(logger: Logger, err: unknown): never {
  const reason = err instanceof Error ? err.message : String(err);
  logger.fatal({ err }, `could not start: ${reason}`);
  process.exit(1);
}

/** `databasePrepared`: a worker, whose primary applied the migrations and the seed. */
export async function runSiteProcess(config: Config, logger: Logger, { databasePrepared = false } = {}) {
  const development = config.NODE_ENV === "development";
  const { module, devServer } = await loadApplication(development);
  const running = await module
    .createApp({
      config,
      logger,
      clientDir: `${projectRoot}build/client`,
      devServer,
      databasePrepared,
    })
    .catch((err: unknown) => exitCouldNotStart(logger, err));

  // Node's defaults let a client take five minutes to send a request; bodies here are at most
  // 64 KB, so a slow phone needs seconds. Timeouts are checked every second, not every 30.
  const server = createServer(
    {
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      headersTimeout: Math.round((config.REQUEST_TIMEOUT_MS * 2) / 3),
      connectionsCheckingInterval: 1000,
    },
    running.app,
  );
  server.listen(config.PORT, config.HOST, () => {
    const { port } = server.address() as AddressInfo;
    const database = config.DATABASE_URL ? "postgres" : `sqlite:${config.SQLITE_PATH}`;
    // The address to open: other addresses are redirected there (server/public-address.ts).
    // With the port actually taken: PORT=0 picks one.
    const url = siteOrigin({ PUBLIC_URL: config.PUBLIC_URL, PORT: port });
    logger.info({ port, host: config.HOST, url, mode: config.NODE_ENV, database }, `listening: open ${url}`);
  });

  let stopping = false;
  function shutdown(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    running.drain();
    const force = setTimeout(() => {
      logger.warn("in-flight requests did not finish in time; closing their connections");
      server.closeAllConnections();
      // Whatever still holds the process open (a stuck database call) must not keep it alive.
      setTimeout(() => process.exit(1), 2000).unref();
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.close(async () => {
      try {
        await running.close();
        await devServer?.close();
        logger.info("stopped");
      } catch (err) {
        logger.error({ err }, "error while stopping");
        process.exitCode = 1;
      }
      // A worker's channel to its primary would keep it running.
      process.disconnect?.();
    });
    server.closeIdleConnections();
  }
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

// One process serving the site: loads the application (built, or through Vite in development),
// serves the connections it accepts or is handed, and stops without losing a request. Alone (it
// listens itself), or as one of several workers (server/cluster.ts: each accepts from copies of
// the primary's listening socket, and takes what the primary accepted itself).
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Server, Socket } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Logger } from "pino";
import type { Config } from "#app/lib/config/env.server.ts";
import { servedConnections } from "./connections.ts";
import { connectionShare } from "./connection-share.ts";
import { exitCouldNotStart } from "./could-not-start.ts";
import { listen, stopListening } from "./listener.ts";
import { workerListenerCopies } from "./shared-listener.ts";
import { drainDelay, stopSignals } from "./stop-signals.ts";
import { countIn, isWorkerMessage, workerMessage } from "./worker-messages.ts";

type AppModule = typeof import("./app.ts");

// One folder up, from server/ as from the bundle of this entry in build/ (scripts/bundle-server-entry.ts).
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
 * Serves the site until SIGTERM or SIGINT (or, in a worker, the primary's word), then stops
 * without losing a request: readiness fails at once and every answer closes its connection; for
 * SHUTDOWN_DELAY_MS (cut short by a second signal) connections are still accepted and served
 * (load balancers poll readiness every few seconds); then the listener closes, connections kept alive between requests are
 * closed, the requests under way finish, and the process exits, within SHUTDOWN_TIMEOUT_MS of
 * the signal. In a worker the primary closes the listener, after handing over every connection
 * it accepted. `databasePrepared`: a worker, whose primary applied the migrations and the seed.
 */
export async function runSiteProcess(config: Config, logger: Logger, { databasePrepared = false } = {}) {
  const signals = stopSignals();

  // Node's defaults let a client take five minutes to send its headers; a slow phone needs seconds.
  // Timeouts are checked every second, not every 30. Bodies are timed by server/middleware/body-limit.ts, by
  // path (a lesson video may take minutes, a form may not), so Node's timeout of whole requests is off.
  const server = createServer({
    requestTimeout: 0,
    headersTimeout: Math.round((config.REQUEST_TIMEOUT_MS * 2) / 3),
    connectionsCheckingInterval: 1000,
  });
  // A worker's share of the instance's connections (server/connection-share.ts); one process alone has all.
  const share = cluster.isWorker ? connectionShare((open) => tellPrimary("open-connections", { open })) : undefined;
  const connections = servedConnections(server, share?.changed);
  const handedOver = Promise.withResolvers<void>();
  if (cluster.isWorker) {
    const copies = workerListenerCopies(logger, (socket) => connections.take(socket));
    process.on("message", (message: unknown, handle: unknown) => {
      if (isWorkerMessage(message, "listener") && handle instanceof Server) copies.add(handle);
      else if (isWorkerMessage(message, "lend-listener")) copies.lend();
      else if (isWorkerMessage(message, "stop-accepting")) {
        copies.closeAll();
        tellPrimary("stopped-accepting");
      } else if (isWorkerMessage(message, "connection") && handle instanceof Socket) {
        connections.take(handle);
        tellPrimary("taken");
      } else if (isWorkerMessage(message, "drain")) signals.requested.resolve("the primary");
      else if (isWorkerMessage(message, "no-more-connections")) handedOver.resolve();
      else if (isWorkerMessage(message, "shares"))
        share?.heard({ others: countIn(message, "others") ?? 0, workers: countIn(message, "workers") ?? 1 });
    });
  }

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
  // A connection the worker lets go closes after this answer. Decided here, before the application,
  // for the connection as a whole; the drain closes every connection from within it
  // (middleware/response-headers.ts), at each answer's headers, requests in flight included.
  server.on(
    "request",
    share
      ? (req: IncomingMessage, res: ServerResponse) => {
          if (share.letsGo(req.socket)) res.setHeader("Connection", "close");
          running.app(req, res);
        }
      : running.app,
  );

  const listener = cluster.isWorker ? undefined : listen(config, logger, (socket) => connections.take(socket));
  if (cluster.isWorker) {
    tellPrimary("ready");
    logger.info("worker ready");
  }

  const reason = await signals.requested.promise;
  logger.info({ reason, delayMs: config.SHUTDOWN_DELAY_MS }, "shutting down: readiness fails; requests are still served");
  running.drain();
  if (cluster.isWorker && reason !== "the primary") tellPrimary("stop");
  let exitCode = 0;
  const deadline = setTimeout(() => {
    logger.warn(connections.counts, "requests under way did not finish within SHUTDOWN_TIMEOUT_MS; closing their connections");
    exitCode = 1;
    connections.closeAll();
    // Whatever still holds the process (a stuck database call) must not keep it alive.
    setTimeout(() => process.exit(1), 2000).unref();
  }, config.SHUTDOWN_TIMEOUT_MS);

  if (listener) {
    await drainDelay(config.SHUTDOWN_DELAY_MS, signals.hurried);
    await stopListening(listener);
  } else {
    await handedOver.promise;
  }
  logger.info(connections.counts, "no longer accepting connections; finishing the requests under way");
  connections.closeWhenIdle();
  await connections.allClosed();
  clearTimeout(deadline);
  try {
    await running.close();
    await devServer?.close();
    logger.info("stopped");
  } catch (err) {
    logger.error({ err }, "error while stopping");
    exitCode = 1;
  }
  process.exit(exitCode);
}

/** To the cluster primary; nothing when it is gone (the worker is then exiting: node:cluster ends it). */
function tellPrimary(name: Parameters<typeof workerMessage>[0], data?: object) {
  // A channel closing meanwhile fails the send: ignored, as above, rather than an 'error' no one hears.
  if (process.connected) process.send!(workerMessage(name, data), undefined, undefined, () => {});
}

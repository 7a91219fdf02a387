// Several processes serving one port (node:cluster): Node runs JavaScript on one core per process.
// The primary applies migrations once, starts the workers, opens the listening socket and gives each
// worker copies to accept from (server/shared-listener.ts), passes content changes between them,
// replaces a worker that dies, and on SIGTERM stops the instance without losing a request.
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import type { Config } from "#app/lib/config/env.server.ts";
import { isVersionRaisedMessage } from "./page-cache/content-versions-watch.ts";
import { prepareDatabase } from "./prepare-database.ts";
import { connectionHandOver } from "./hand-over.ts";
import { sharedListener } from "./shared-listener.ts";
import { drainDelay, stopSignals } from "./stop-signals.ts";
import { exitCouldNotStart } from "./could-not-start.ts";
import { countIn, isWorkerMessage, workerMessage } from "./worker-messages.ts";
import { connectionShares } from "./connection-share.ts";
import { workerEnv, workerExecArgv } from "./worker-start-settings.ts";
import { isRoomWakeMessage } from "#app/features/mentorship/room-bus.server.ts";

/** A worker that dies this soon after it started counts as failing to start. */
const quickDeathMs = 10_000;
/** After this many quick deaths in a row the site stops instead of starting workers forever. */
const maxQuickDeaths = 5;

export async function runCluster(config: Config, logger: Logger, workerCount: number): Promise<void> {
  const signals = stopSignals();
  await prepareDatabase(config, logger).catch((err: unknown) => exitCouldNotStart(logger, err));
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });

  const startedAt = new Map<Worker, number>();
  /** Workers that said they serve, in the order they did. */
  const ready = new Set<Worker>();
  const handOver = connectionHandOver(logger);
  const listener = sharedListener(config, logger, handOver.accept);
  const shares = connectionShares<Worker>((worker, heard) => {
    if (worker.isConnected()) worker.send(workerMessage("shares", heard));
  });
  let quickDeaths = 0;
  let stopping = false;
  let allHandedOver = false;
  let exitCode = 0;

  const tellReadyWorkers = (name: "drain" | "no-more-connections") => {
    for (const worker of ready) if (worker.isConnected()) worker.send(workerMessage(name));
  };

  const start = () => {
    const worker = cluster.fork(workerEnv());
    startedAt.set(worker, Date.now());
    // A message to a worker whose channel has just closed fails here; its exit is handled below.
    worker.on("error", (err) => logger.warn({ err, pid: worker.process.pid }, "could not reach a worker"));
    worker.on("message", (message: unknown, handle: unknown) => {
      if (listener.received(worker, message, handle)) return;
      if (isWorkerMessage(message, "taken")) handOver.free(worker);
      else if (isWorkerMessage(message, "open-connections")) shares.reported(worker, countIn(message, "open") ?? 0);
      else if (isWorkerMessage(message, "ready")) {
        ready.add(worker);
        shares.joined(worker);
        // One that became ready while the instance stops is told what the others were.
        if (stopping) worker.send(workerMessage("drain"));
        if (allHandedOver) worker.send(workerMessage("no-more-connections"));
        handOver.free(worker);
        // Once a worker can answer: until then a connection would only wait.
        if (!stopping) void listener.give(worker);
      } else if (isWorkerMessage(message, "stop")) void stop();
      else if (isVersionRaisedMessage(message) || isRoomWakeMessage(message)) {
        // A worker raising a content version tells its siblings, so their page caches stop serving the old pages;
        // one that stored a live room's message wakes its siblings' requests waiting for it.
        for (const other of Object.values(cluster.workers ?? {})) {
          if (other && other !== worker && other.isConnected()) other.send(message);
        }
      }
    });
  };

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    ready.delete(worker);
    shares.left(worker);
    handOver.gone(worker);
    listener.gone(worker, { stopping });
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (startedAt.size === 0) {
        logger.info("stopped");
        process.exit(exitCode);
      }
      return;
    }
    quickDeaths = lived < quickDeathMs ? quickDeaths + 1 : 0;
    if (quickDeaths >= maxQuickDeaths) {
      logger.fatal({ code, signal }, `could not start: ${maxQuickDeaths} workers in a row stopped within seconds of starting`);
      void stop(1);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "a worker stopped unexpectedly; starting another");
    start();
  });

  /**
   * The instance's drain; server/site-process.ts says what each worker does. Workers fail
   * readiness at once and keep serving; after SHUTDOWN_DELAY_MS (or a second signal) the listening
   * socket closes (the workers' copies first, the primary's last), every connection the primary
   * accepted is handed over, and only then are workers told that no more will come: they finish
   * their requests and exit.
   */
  async function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    logger.info({ delayMs: config.SHUTDOWN_DELAY_MS }, "shutting down: readiness fails; requests are still served");
    if (startedAt.size === 0) process.exit(exitCode);
    tellReadyWorkers("drain");
    // Each worker bounds its own shutdown (SHUTDOWN_TIMEOUT_MS); this bounds a stuck one.
    setTimeout(() => {
      logger.warn("workers did not stop in time; ending them");
      handOver.closeWaiting();
      for (const worker of startedAt.keys()) worker.process.kill("SIGKILL");
    }, config.SHUTDOWN_TIMEOUT_MS + 3000).unref();
    if (code === 0) await drainDelay(config.SHUTDOWN_DELAY_MS, signals.hurried);
    await listener.closeLast();
    await handOver.handedOver();
    allHandedOver = true;
    tellReadyWorkers("no-more-connections");
  }
  void signals.requested.promise.then(() => stop());

  for (let index = 0; index < workerCount; index++) start();
  logger.info({ workers: workerCount, pid: process.pid }, `started ${workerCount} workers`);
}

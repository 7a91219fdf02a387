// The cluster primary's part in the listening socket (docs/decisions/022-workers-accept-their-own-connections.md).
// Workers accept from it themselves, each through several copies of it: libuv accepts one
// connection per copy per turn of the event loop, and a busy worker's turn takes a tenth of a
// second or more. The primary holds a copy (and hands over what it accepts, server/hand-over.ts)
// only when it must: until the first worker is ready, while it gives copies to a new worker, and
// through a shutdown, when it closes the socket last so that no connection waiting in it is reset.
import type { Worker } from "node:cluster";
import { Server, type Socket } from "node:net";
import type { Logger } from "pino";
import type { Config } from "#app/lib/config/env.server.ts";
import { listen, stopListening } from "./listener.ts";
import { isWorkerMessage, sendWithHandle, workerMessage } from "./worker-messages.ts";

/**
 * Copies each worker accepts from: the connections a class opens at once (250 a worker) are taken
 * in a few turns instead of hundreds (docs/performance.md).
 */
const copiesPerWorker = 32;

export function sharedListener(config: Config, logger: Logger, onConnection: (socket: Socket) => void) {
  /** The primary's own copy, polled: what it accepts goes to hand-over. */
  let own: Server | undefined;
  /** The port taken the first time (PORT=0 picks one); a socket opened again takes the same. */
  let port = config.PORT;
  /** Workers that accept from copies of their own. */
  const accepting = new Set<Worker>();
  /** Replies awaited from a worker: a copy lent back, or word that it closed its copies. */
  const awaited = new Map<Worker, (server: Server | undefined) => void>();
  /** One change at a time: two workers ready at once must not both borrow. */
  let changes = Promise.resolve();
  const oneAtATime = (change: () => Promise<void>) => (changes = changes.then(change, change));

  const adopt = (server: Server) => {
    // A copy lent back arrives listening, made by Node without options; nothing is accepted before
    // this turn's end. Paused, a connection's first bytes stay for the worker it goes to (Node's
    // field is untyped).
    (server as Server & { pauseOnConnect: boolean }).pauseOnConnect = true;
    server.on("connection", onConnection);
    server.on("error", (err) => logger.warn({ err }, "could not accept a connection"));
    own = server;
  };

  const openAnew = () =>
    new Promise<void>((resolve) => {
      const server = listen({ ...config, PORT: port }, logger, onConnection, { pauseOnConnect: true });
      server.once("listening", () => {
        port = (server.address() as { port: number }).port;
        own = server;
        resolve();
      });
    });

  const reply = (worker: Worker) =>
    new Promise<Server | undefined>((resolve) => {
      awaited.set(worker, resolve);
    });

  /** Makes sure the primary holds a copy: lent by a worker that accepts, or a socket opened anew when none does. */
  async function hold(): Promise<void> {
    while (!own) {
      const lender = accepting.values().next().value;
      if (!lender) return openAnew();
      const lent = reply(lender);
      lender.send(workerMessage("lend-listener"));
      const server = await lent;
      if (server) adopt(server);
      // None: the lender stopped meanwhile, or had no copy to lend. Another lends, or the socket
      // (which no copy then holds) is opened anew.
      else accepting.delete(lender);
    }
  }

  const release = () => {
    // The copies already sent hold the socket open, those still on their way included.
    own?.close();
    own = undefined;
  };

  return {
    /** A worker ready to serve: it gets its copies, and the primary lets go of its own. */
    give(worker: Worker): Promise<void> {
      return oneAtATime(async () => {
        // Gone while an earlier change ran: its exit is handled on its own.
        if (!worker.isConnected()) return;
        await hold();
        try {
          for (let copy = 0; copy < copiesPerWorker; copy++) await sendWithHandle(worker, "listener", own!);
          accepting.add(worker);
          logger.info({ pid: worker.process.pid, copies: copiesPerWorker }, "a worker accepts connections itself");
        } catch (err) {
          // It exited or its channel closed: its exit is handled on its own.
          logger.warn({ err, pid: worker.process.pid }, "could not give a worker the listening socket");
        }
        if (accepting.size > 0) release();
      });
    },
    /** A message from a worker: a copy it lends, or word that it closed its copies. */
    received(worker: Worker, message: unknown, handle: unknown): boolean {
      if (!isWorkerMessage(message, "listener") && !isWorkerMessage(message, "stopped-accepting")) return false;
      const lent = handle instanceof Server ? handle : undefined;
      const resolve = awaited.get(worker);
      awaited.delete(worker);
      if (resolve) resolve(lent);
      else lent?.close();
      return true;
    },
    /**
     * A worker that exited. When it was the last to accept, the primary opens the port again at
     * once, so that connections wait for the next worker instead of being refused.
     */
    gone(worker: Worker, { stopping }: { stopping: boolean }): void {
      const wasAccepting = accepting.delete(worker);
      awaited.get(worker)?.(undefined);
      awaited.delete(worker);
      if (wasAccepting && !stopping && accepting.size === 0) void oneAtATime(hold);
    },
    /**
     * The drain: the primary holds a copy, every worker closes its own (nothing waiting is lost: the
     * socket stays open), and then the primary closes the socket after taking what waits in it.
     */
    closeLast(): Promise<void> {
      return oneAtATime(async () => {
        if (!own && accepting.size === 0) return;
        await hold();
        await Promise.all(
          [...accepting].map((worker) => {
            const closed = reply(worker);
            worker.send(workerMessage("stop-accepting"));
            return closed;
          }),
        );
        accepting.clear();
        await stopListening(own!);
        own = undefined;
      });
    },
  };
}

/** The worker's part: its copies of the primary's listening socket (server/site-process.ts passes it the primary's word). */
export function workerListenerCopies(logger: Logger, onConnection: (socket: Socket) => void) {
  const copies: Server[] = [];
  return {
    add(copy: Server) {
      copy.on("connection", onConnection);
      copy.on("error", (err) => logger.warn({ err }, "could not accept a connection"));
      copies.push(copy);
    },
    /** Sends one back to the primary, which needs to hold the socket (the worker keeps it too). */
    lend() {
      if (process.connected) process.send!(workerMessage("listener"), copies[0], undefined, () => {});
    },
    /** The socket stays open in the primary: closing a copy resets nothing. */
    closeAll() {
      for (const copy of copies.splice(0)) copy.close();
    },
  };
}

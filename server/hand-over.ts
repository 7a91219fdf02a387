// The connections the cluster primary accepts itself go to a worker from here: those that come while
// it holds the listening socket (before the first worker is ready, while it gives a new worker its
// copies, after the last worker holding copies died, and through a drain: server/shared-listener.ts).
// As node:cluster's own round robin does, a worker gets the next connection only once it has taken
// the previous one, so a worker busy rendering is not given more meanwhile.
import type { Worker } from "node:cluster";
import type { Socket } from "node:net";
import type { Logger } from "pino";
import { sendWithHandle } from "./worker-messages.ts";

export function connectionHandOver(logger: Logger) {
  /** Workers that can take a connection now, in the order they became free. */
  const free = new Set<Worker>();
  /** Accepted, not yet handed to a worker. */
  const waiting: Socket[] = [];
  let emptied: (() => void) | undefined;

  const handOut = () => {
    for (const worker of free) {
      if (waiting.length === 0) break;
      free.delete(worker);
      if (!worker.isConnected()) continue;
      const socket = waiting.shift()!;
      sendWithHandle(worker, "connection", socket).catch((err: unknown) => {
        logger.warn({ err, pid: worker.process.pid }, "could not hand a connection to a worker");
        socket.destroy();
      });
    }
    if (waiting.length === 0) emptied?.();
  };

  return {
    /** A connection the listener accepted. */
    accept(socket: Socket) {
      waiting.push(socket);
      handOut();
    },
    /** A worker that can take a connection: it has just become ready, or took the last one handed to it. */
    free(worker: Worker) {
      free.add(worker);
      handOut();
    },
    gone(worker: Worker) {
      free.delete(worker);
    },
    /** Resolves once every connection accepted so far is on its way to a worker (messages to a worker arrive in order). */
    handedOver(): Promise<void> {
      if (waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => (emptied = resolve));
    },
    /** When no worker is left to take them. */
    closeWaiting() {
      for (const socket of waiting.splice(0)) socket.destroy();
    },
  };
}

// What the cluster primary and its workers tell each other about connections and stopping
// (server/cluster.ts, server/site-process.ts).
import type { Worker } from "node:cluster";
import type { Server, Socket } from "node:net";

/**
 * From a worker: `ready` (it serves now), `taken` (it took the connection handed to it and can take
 * another), `listener` (with a copy of the listening socket it lends back), `stopped-accepting` (it
 * closed its copies), `stop` (it got SIGTERM or SIGINT itself: the instance stops), `open-connections`
 * (with `open`, how many connections it holds: server/connection-share.ts).
 * From the primary: `listener` (with a copy of the listening socket: accept from it), `lend-listener`
 * (send one copy back), `stop-accepting` (close the copies), `connection` (with a socket the primary
 * accepted: serve it), `drain` (the instance is stopping: readiness fails, answers close their
 * connection), `no-more-connections` (the socket is closed and every connection the primary accepted
 * was handed over), `shares` (with `others` and `workers`: what the other workers hold).
 */
type Name =
  | "ready"
  | "taken"
  | "listener"
  | "stopped-accepting"
  | "stop"
  | "lend-listener"
  | "stop-accepting"
  | "connection"
  | "drain"
  | "no-more-connections"
  | "open-connections"
  | "shares";

export const workerMessage = <Data extends object>(name: Name, data?: Data) => ({ type: `site:${name}`, ...data });

export const isWorkerMessage = (message: unknown, name: Name): boolean =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === `site:${name}`;

/** A count a message carries under `key` (a whole number, not negative), or undefined. */
export function countIn(message: unknown, key: string): number | undefined {
  const value = (message as Record<string, unknown>)[key];
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/**
 * Sends a worker a message with a socket or a listening socket. Node holds every later message with
 * a handle until the worker acknowledges the one before, and calls back none of them when the
 * worker dies first: this settles on its exit too, so that nothing waits for a dead worker.
 */
export function sendWithHandle(worker: Worker, name: Name, handle: Server | Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    const exited = () => reject(new Error("the worker exited before it took the handle"));
    worker.once("exit", exited);
    worker.send(workerMessage(name), handle, (err: Error | null) => {
      worker.off("exit", exited);
      if (err) reject(err);
      else resolve();
    });
  });
}

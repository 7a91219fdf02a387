// What the cluster primary and its workers tell each other about connections and stopping
// (server/cluster.ts, server/site-process.ts).

/**
 * From a worker: `ready` (it serves now: hand it connections), `taken` (it took the connection
 * handed to it and can take another), `stop` (it got SIGTERM or SIGINT itself: the instance stops).
 * From the primary: `connection` (with the socket: serve it), `drain` (the instance is stopping:
 * readiness fails, answers close their connection), `no-more-connections` (the listener is closed
 * and every connection it accepted was handed over).
 */
type Name = "ready" | "taken" | "stop" | "connection" | "drain" | "no-more-connections";

export const workerMessage = (name: Name) => ({ type: `site:${name}` });

export const isWorkerMessage = (message: unknown, name: Name): boolean =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === `site:${name}`;

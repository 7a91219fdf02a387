// The site's listening socket: in the one process serving the site, or opened by the cluster primary,
// which gives its workers copies to accept from (server/shared-listener.ts). Owning it (rather than
// letting node:cluster share it) is what lets a shutdown close it last in the primary, taking every
// connection still waiting in it (docs/operations.md, "Stopping and restarting").
import { createServer, type Server, type Socket } from "node:net";
import { setImmediate as afterPendingIo } from "node:timers/promises";
import type { Logger } from "pino";
import { siteOrigin, type Config } from "#app/lib/config/env.server.ts";
import { exitCouldNotStart } from "./could-not-start.ts";

/**
 * Listens on HOST:PORT and logs the address to open. `pauseOnConnect`: the primary reads nothing
 * from a connection; the worker it goes to does.
 */
export function listen(config: Config, logger: Logger, onConnection: (socket: Socket) => void, { pauseOnConnect = false } = {}): Server {
  const listener = createServer({ pauseOnConnect }, onConnection);
  listener.on("error", (err: NodeJS.ErrnoException) => {
    // Not listening yet: the port is taken or not ours to open. Once listening, a failed accept
    // (too many open files, for a moment) costs that connection only; the process goes on serving.
    if (!listener.listening) exitCouldNotStart(logger, err);
    logger.warn({ err }, "could not accept a connection");
  });
  listener.listen(config.PORT, config.HOST, () => {
    const { port } = listener.address() as { port: number };
    const database = config.DATABASE_URL ? "postgres" : `sqlite:${config.SQLITE_PATH}`;
    // The address to open: other addresses are redirected there (server/middleware/public-address.ts).
    // With the port actually taken: PORT=0 picks one.
    const url = siteOrigin({ PUBLIC_URL: config.PUBLIC_URL, PORT: port });
    logger.info({ port, host: config.HOST, url, mode: config.NODE_ENV, database }, `listening: open ${url}`);
  });
  return listener;
}

/**
 * How long a drain goes on taking connections that keep arriving before it closes the socket all the
 * same. A bound in turns was not one: the primary, holding the socket alone at the end of a drain,
 * takes one connection a turn, and on a loaded machine 80 of 200 waiting were reset after 20 turns.
 */
const maxDrainMs = 5000;

/**
 * Stops accepting. Closing a listening socket resets the connections the kernel has completed but
 * the process not yet accepted, and libuv accepts one per turn of the event loop: the socket is
 * closed after a turn in which it took none (or, while connections keep coming, after maxDrainMs).
 */
export async function stopListening(listener: Server): Promise<void> {
  let accepted = 0;
  const count = () => accepted++;
  listener.on("connection", count);
  // Called from a message or a timer, the rest of this turn has no poll phase: a whole turn counts from the next.
  await afterPendingIo();
  const deadline = Date.now() + maxDrainMs;
  for (;;) {
    const before = accepted;
    await afterPendingIo();
    if (accepted === before || Date.now() > deadline) break;
  }
  listener.off("connection", count);
  listener.close();
}

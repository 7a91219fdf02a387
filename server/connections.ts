// The connections an HTTP server of this process serves, handed to it by a listener elsewhere (one
// of this process's own, or the cluster primary's: server/listener.ts), and what a drain needs to
// know of each: is a request under way on it, has it served one.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

interface Connection {
  /** Requests read and not yet answered to the end (more than one when a client pipelines). */
  underWay: number;
  /** Answered at least one request: a connection kept alive between requests, not a fresh one. */
  served: boolean;
}

/**
 * How long a connection that has sent nothing is waited for once the process drains: a browser
 * opens connections ahead of need (preconnect) and may never use them, and one such connection
 * would otherwise hold the process until SHUTDOWN_TIMEOUT_MS. A client that meets a connection
 * closed before it wrote on it opens another, as it does for a kept-alive one closed.
 */
const silentConnectionGraceMs = 2000;

export interface ServedConnections {
  /** Serves a connection accepted by the listener. */
  take(socket: Socket): void;
  /**
   * From now on, a connection kept alive between requests is closed as soon as it is idle (at once
   * for those idle now). A fresh connection keeps its chance: its first request is on its way; one
   * that has sent nothing at all within a grace period is closed.
   */
  closeWhenIdle(): void;
  /** Closes every connection, requests under way included. */
  closeAll(): void;
  /** Resolves once no connection is left. */
  allClosed(): Promise<void>;
  readonly counts: { open: number; withRequestUnderWay: number };
}

/** `changed`: told of each connection opened (`+1`) and closed (`-1`). */
export function servedConnections(server: Server, changed?: (by: 1 | -1) => void): ServedConnections {
  const open = new Map<Socket, Connection>();
  let closingIdle = false;
  let emptied: (() => void) | undefined;

  // http.Server starts enforcing its request and header timeouts when it emits "listening"; its
  // listening socket is elsewhere, so the event is given here, before the first connection.
  server.emit("listening");

  const closeIfIdle = (socket: Socket, connection: Connection) => {
    // Once the answer is flushed: destroying a socket drops what is still in its buffer.
    if (connection.served && connection.underWay === 0) socket.destroySoon();
  };

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const connection = open.get(req.socket);
    if (!connection) return;
    connection.underWay++;
    res.once("close", () => {
      connection.underWay--;
      connection.served = true;
      if (closingIdle) closeIfIdle(req.socket, connection);
    });
  });

  return {
    take(socket) {
      // As http.Server sets the sockets it accepts itself: small writes leave at once.
      socket.setNoDelay(true);
      const connection: Connection = { underWay: 0, served: false };
      open.set(socket, connection);
      changed?.(1);
      socket.once("close", () => {
        open.delete(socket);
        changed?.(-1);
        if (open.size === 0) emptied?.();
      });
      server.emit("connection", socket);
    },
    closeWhenIdle() {
      closingIdle = true;
      for (const [socket, connection] of open) closeIfIdle(socket, connection);
      setTimeout(() => {
        // After the poll phase (setImmediate): bytes that arrived while the process was busy are read first.
        setImmediate(() => {
          for (const [socket, connection] of open) if (!connection.served && socket.bytesRead === 0) socket.destroy();
        });
      }, silentConnectionGraceMs).unref();
    },
    closeAll() {
      for (const socket of open.keys()) socket.destroy();
    },
    allClosed() {
      if (open.size === 0) return Promise.resolve();
      return new Promise((resolve) => (emptied = resolve));
    },
    get counts() {
      let withRequestUnderWay = 0;
      for (const connection of open.values()) if (connection.underWay > 0) withRequestUnderWay++;
      return { open: open.size, withRequestUnderWay };
    },
  };
}

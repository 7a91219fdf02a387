import { createConnection, createServer, type AddressInfo, type Socket } from "node:net";

export interface StallingProxy {
  /** host:port to connect to instead of the target. */
  address: string;
  /** From now on nothing passes either way, as when a database server hangs or the network drops packets. */
  stall(): void;
  /** Everything held back passes, and new connections reach the target again. */
  resume(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a real server (PostgreSQL) that can stop passing bytes without closing
 * anything: the kind of outage that only timeouts notice.
 */
export async function startStallingProxy(target: { host: string; port: number }): Promise<StallingProxy> {
  let stalled = false;
  /** Bytes held back while stalled, with the socket each is for, in order. */
  let heldBack: Array<[Socket, Buffer]> = [];
  const sockets = new Set<Socket>();
  const forward = (from: Socket, to: Socket) => {
    sockets.add(from);
    from.on("data", (chunk: Buffer) => (stalled ? heldBack.push([to, chunk]) : to.write(chunk)));
    from.on("close", () => {
      sockets.delete(from);
      to.destroy();
    });
    from.on("error", () => from.destroy());
  };
  const server = createServer((client) => {
    const upstream = createConnection(target);
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const [to, chunk] of heldBack) to.write(chunk);
      heldBack = [];
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

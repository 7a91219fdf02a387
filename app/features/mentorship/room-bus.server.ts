// Wakes the requests waiting for a room's messages when someone sends one, wherever they wait: the
// same process at once; sibling workers through the cluster's primary; other instances through
// PostgreSQL's LISTEN/NOTIFY. The messages themselves are in the database: a wake-up lost (a
// listener reconnecting) costs a waiting request only until its next look (ROOM_LOOK_MS).
import cluster from "node:cluster";
import { EventEmitter } from "node:events";
import pg from "pg";
import type { Logger } from "pino";

/** How often a waiting request looks at the database anyway. */
export const ROOM_LOOK_MS = 3000;
const channel = "mentorship_room";

/** Between the workers of one instance (server/cluster.ts relays it): a room has a new message. */
interface RoomWakeMessage {
  type: "mentorship-room";
  bookingId: string;
}

export const isRoomWakeMessage = (message: unknown): message is RoomWakeMessage =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === "mentorship-room";

export interface RoomBus {
  /** Tells every waiting request of this room, on every worker and instance, to look again. */
  notify(bookingId: string): void;
  /** Resolves at the room's next wake-up, after `ms`, or when `signal` aborts. Ask before looking, so nothing falls between. */
  next(bookingId: string, ms: number, signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

export function startRoomBus({ databaseUrl, logger }: { databaseUrl?: string; logger: Logger }): RoomBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const listen = async () => {
    if (!databaseUrl || closed) return;
    const connection = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    connection.on("notification", (note) => {
      if (note.channel === channel && note.payload) local.emit(note.payload);
    });
    connection.on("error", (err) => {
      logger.warn({ err }, "room bus: lost its PostgreSQL listener; listening again in a second");
      void connection.end().catch(() => {});
      if (client === connection) client = undefined;
      if (!closed) retry = setTimeout(() => void listen(), 1000);
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${channel}`);
      client = connection;
    } catch (err) {
      logger.warn({ err }, "room bus: could not listen on PostgreSQL; rooms fall back to looking every few seconds");
      void connection.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void listen(), 5000);
    }
  };
  void listen();

  const fromSibling = (message: unknown) => {
    if (isRoomWakeMessage(message)) local.emit(message.bookingId);
  };
  if (cluster.isWorker) process.on("message", fromSibling);

  return {
    notify(bookingId) {
      local.emit(bookingId);
      if (cluster.isWorker && process.connected)
        process.send!({ type: "mentorship-room", bookingId } satisfies RoomWakeMessage, undefined, undefined, () => {});
      // Other instances (and this one's other workers, again: harmless) hear it through PostgreSQL.
      client
        ?.query("select pg_notify($1, $2)", [channel, bookingId])
        .catch((err: unknown) => logger.warn({ err }, "room bus: could not notify"));
    },
    next(bookingId, ms, signal) {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          local.off(bookingId, done);
          signal?.removeEventListener("abort", done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        local.on(bookingId, done);
        signal?.addEventListener("abort", done);
      });
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      if (cluster.isWorker) process.off("message", fromSibling);
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

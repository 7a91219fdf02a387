import { randomUUID } from "node:crypto";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { startRoomBus } from "./room-bus.server.ts";

const databaseUrl = process.env.DATABASE_URL;

// LISTEN/NOTIFY is PostgreSQL's: with SQLite there is no other instance to tell (runs when DATABASE_URL is set, as CI sets it).
describe.runIf(databaseUrl)("the live room's bus between instances", () => {
  it("wakes a request waiting on another instance through PostgreSQL, not at its own next look", async () => {
    const logger = pino({ level: "silent" });
    // Two instances' buses: they share nothing but the database.
    const sender = startRoomBus({ databaseUrl, logger });
    const receiver = startRoomBus({ databaseUrl, logger });
    const stop = new AbortController();
    try {
      const room = randomUUID();
      let woken = false;
      // An hour: only a notification can end this wait within the test.
      const waiting = receiver.next(room, 60 * 60 * 1000, stop.signal).then(() => {
        woken = true;
      });
      // Each bus listens once it has connected; until then a notification is not heard, so it is sent again.
      for (let tries = 0; !woken && tries < 200; tries++) {
        sender.notify(room);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(woken).toBe(true);
      await waiting;
      // Another room's waiters are not woken.
      let otherWoken = false;
      void receiver.next(randomUUID(), 60 * 60 * 1000, stop.signal).then(() => (otherWoken = true));
      sender.notify(room);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(otherWoken).toBe(false);
    } finally {
      stop.abort();
      await Promise.all([sender.close(), receiver.close()]);
    }
  });
});

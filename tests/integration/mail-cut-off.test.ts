import { randomUUID } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { messageRow, storeMessage, waitFor } from "../setup/contact-outbox.ts";
import { engines } from "../setup/databases.ts";
import { freePort } from "../setup/free-port.ts";
import { startSite, type RunningSite } from "../setup/server.ts";
import { expectStillServing, listeningProcesses } from "../setup/still-serving.ts";
import { until } from "../setup/waiting.ts";

/** How a connection of the mail server below goes wrong, one after the other. */
const behaviours = ["hang up at once", "hang up mid-message", "hang up after accepting", "answer nonsense"] as const;

/**
 * A mail server that goes wrong: each connection takes the next of `behaviours` (a connection
 * dropped before its greeting, in the middle of the message, right after saying it took it, or
 * lines that are no SMTP at all).
 */
async function startBrokenMailServer() {
  const port = await freePort();
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    const behaviour = behaviours[connections++ % behaviours.length]!;
    if (behaviour === "hang up at once") return socket.destroy();
    if (behaviour === "answer nonsense") return socket.write("HTTP/1.1 200 OK\r\n\r\n<html>\r\n");
    let inMessage = false;
    let text = "";
    socket.write("220 mail.college.example ESMTP\r\n");
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("latin1");
      if (inMessage) {
        if (behaviour === "hang up mid-message") return socket.destroy();
        if (text.includes("\r\n.\r\n")) {
          socket.write("250 2.0.0 Ok: queued\r\n");
          socket.destroy();
        }
        return;
      }
      let newline;
      while (!inMessage && (newline = text.indexOf("\r\n")) >= 0) {
        const line = text.slice(0, newline).toUpperCase();
        text = text.slice(newline + 2);
        if (line.startsWith("EHLO")) socket.write("250-mail.college.example\r\n250 8BITMIME\r\n");
        else if (line.startsWith("DATA")) {
          inMessage = true;
          socket.write("354 End data with <CR><LF>.<CR><LF>\r\n");
        } else socket.write("250 Ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.each(engines)("mail delivery cut off on %s, with two workers", (engine) => {
  let mail: Awaited<ReturnType<typeof startBrokenMailServer>>;
  let site: RunningSite;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    mail = await startBrokenMailServer();
    site = await startSite(
      { SMTP_URL: mail.url, CONTACT_TO: "office@college.example", CONTACT_FROM: "website@college.example", WEB_CONCURRENCY: "2" },
      engine,
    );
    await until(() => listeningProcesses(site).length === 2, "two workers listening", 20_000);
    handle = site.database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await site?.stop();
    await mail?.close();
  });

  it("a mail server that hangs up or talks nonsense fails that attempt only: it is recorded, logged and tried again later, and every worker keeps serving", async () => {
    const workers = listeningProcesses(site);
    expect(workers).toHaveLength(2);
    const now = new Date().toISOString();
    const contact = await Promise.all(behaviours.map(() => storeMessage(handle.db)));
    const accountMails = behaviours.map((_, index) => ({ id: randomUUID(), recipient: `person-${index}@example.com` }));
    for (const { id, recipient } of accountMails) {
      await handle.db
        .insertInto("account_mails")
        .values({
          id,
          recipient,
          subject: "Confirm your account",
          text: "A link.",
          created_at: now,
          status: "pending",
          attempts: 0,
          next_attempt_at: now,
        })
        .execute();
    }

    for (const { id } of contact) {
      const row = await waitFor(
        () => messageRow(handle.db, id),
        (row) => row.attempts === 1 && row.status !== "sending",
      );
      // Tried once, then either taken (the server said so before it hung up) or waiting for its next try, with why.
      if (row.status !== "sent") expect(row).toMatchObject({ status: "pending", last_error: expect.any(String) });
    }
    for (const { id } of accountMails) {
      const row = await waitFor(
        () => handle.db.selectFrom("account_mails").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
        (row) => row.attempts === 1 && row.status !== "sending",
      );
      if (row.status !== "sent") expect(row).toMatchObject({ status: "pending", last_error: expect.any(String) });
    }
    expect(mail.connections()).toBeGreaterThanOrEqual(2 * behaviours.length);
    // A worker logs an attempt after committing it, so its line can reach us after the row does.
    const retries = () => site.logs.filter((entry) => String(entry.msg).endsWith("not delivered; will try again")).length;
    await until(() => retries() >= 2 * (behaviours.length - 1), "a retry logged for each failed attempt", 5_000);
    await expectStillServing(site, workers);
  });
});

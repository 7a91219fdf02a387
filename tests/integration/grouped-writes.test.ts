// Small writes committed together (app/lib/db/grouped-writes.server.ts): each unit answers with
// its own value or its own error, a failing unit leaves nothing of itself and takes nothing of the
// others, and a unit is answered only once it is committed, on both engines.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/lib/db/connect.server.ts";
import { committedSoon } from "#app/lib/db/grouped-writes.server.ts";
import { migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { subscribeToNewsletter } from "#app/features/newsletter/queries.server.ts";
import { createTestDatabase, engines, type TestDatabase } from "../setup/databases.ts";

describe.each(engines)("small writes committed together on %s", (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = database.open();
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const stored = async (prefix: string) =>
    (
      await handle.db.selectFrom("newsletter_subscriptions").select("email").where("email", "like", `${prefix}%`).orderBy("email").execute()
    ).map((row) => row.email);

  it("answers each unit of a crowd with its own value, every one stored", async () => {
    const emails = Array.from({ length: 40 }, (_, index) => `crowd-${String(index).padStart(2, "0")}@example.com`);
    const answers = await Promise.all(
      emails.map((email) =>
        committedSoon(handle.db, async (db) => {
          await subscribeToNewsletter(db, email);
          return email.toUpperCase();
        }),
      ),
    );
    expect(answers).toEqual(emails.map((email) => email.toUpperCase()));
    expect(await stored("crowd-")).toEqual(emails);
  });

  it("fails a unit alone: its first statement is undone, the units beside it are stored", async () => {
    const failing = committedSoon(handle.db, async (db) => {
      await subscribeToNewsletter(db, "halfway-1@example.com");
      await sql`insert into no_such_table values (1)`.execute(db);
    });
    const beside = [
      committedSoon(handle.db, (db) => subscribeToNewsletter(db, "halfway-0@example.com")),
      committedSoon(handle.db, (db) => subscribeToNewsletter(db, "halfway-2@example.com")),
    ];
    await expect(failing).rejects.toThrow(/no_such_table/);
    await Promise.all(beside);
    // PostgreSQL runs a unit's statements one by one, each committed as it comes (see committedSoon).
    expect(await stored("halfway-")).toEqual(
      engine === "sqlite"
        ? ["halfway-0@example.com", "halfway-2@example.com"]
        : ["halfway-0@example.com", "halfway-1@example.com", "halfway-2@example.com"],
    );
  });

  it("answers a unit only once it is committed: another connection already sees it", async () => {
    const other = database.open();
    try {
      const first = committedSoon(handle.db, (db) => subscribeToNewsletter(db, "seen-elsewhere@example.com"));
      // A slow unit after it in the same group keeps the group's transaction open for a while.
      const slow = committedSoon(handle.db, () => new Promise((resolve) => setTimeout(resolve, 300)));
      await first;
      const row = await other.db
        .selectFrom("newsletter_subscriptions")
        .select("email")
        .where("email", "=", "seen-elsewhere@example.com")
        .executeTakeFirst();
      expect(row?.email).toBe("seen-elsewhere@example.com");
      await slow;
    } finally {
      await other.close();
    }
  });

  // SQLite alone: on PostgreSQL units are not grouped and no process waits for another's write lock.
  it.runIf(engine === "sqlite")("waits for another process's write lock with the event loop and the connection free", async () => {
    const other = database.open();
    const lockTaken = Promise.withResolvers<void>();
    const release = Promise.withResolvers<void>();
    const holder = other.db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      await subscribeToNewsletter(connection, "lock-holder@example.com");
      lockTaken.resolve();
      await release.promise;
      await sql`commit`.execute(connection);
    });
    try {
      await lockTaken.promise;
      let answered = false;
      const waiting = committedSoon(handle.db, (db) => subscribeToNewsletter(db, "lock-waiter@example.com")).then(() => (answered = true));
      // Timers still fire and the same connection still reads while the unit waits for the lock.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const read = await handle.db.selectFrom("newsletter_subscriptions").select("email").where("email", "like", "lock-%").execute();
      expect(read).toEqual([]);
      expect(answered).toBe(false);
      release.resolve();
      await holder;
      await waiting;
      expect(await stored("lock-")).toEqual(["lock-holder@example.com", "lock-waiter@example.com"]);
    } finally {
      release.resolve();
      await holder.catch(() => {});
      await other.close();
    }
  });
});

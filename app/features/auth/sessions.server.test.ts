import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import { until } from "#tests/setup/waiting.ts";
import { createSession, findSession, sessionTimeouts, writeSessionTouches } from "./sessions.server.ts";

describe.each(engines)("sessions on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle?.close());

  const newSession = () =>
    createSession(handle.db, {
      sub: "subject-1",
      name: "Meena",
      email: "meena@example.com",
      picture: null,
      id_token: "id",
      access_token: "access",
      refresh_token: null,
      access_expires_at: null,
    });
  const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

  it("stores only a hash of the id the browser holds", async () => {
    const id = await newSession();
    expect(id).toMatch(/^[\w-]{43}$/);
    const rows = await handle.db.selectFrom("sessions").select("id_hash").execute();
    expect(rows.map((r) => r.id_hash)).not.toContain(id);
    expect((await findSession(handle.db, id))?.sub).toBe("subject-1");
    expect(await findSession(handle.db, "not-a-session")).toBeNull();
  });

  it("ends after the idle timeout without a visit", async () => {
    const id = await newSession();
    expect(await findSession(handle.db, id, later(sessionTimeouts.idleSeconds - 60))).not.toBeNull();
    expect(await findSession(handle.db, id, later(2 * sessionTimeouts.idleSeconds))).toBeNull();
    // Deleted, not merely hidden.
    expect(await findSession(handle.db, id)).toBeNull();
  });

  it("ends after the absolute timeout even with regular visits", async () => {
    const id = await newSession();
    const step = sessionTimeouts.idleSeconds - 60;
    let seconds = 0;
    while (seconds + step < sessionTimeouts.absoluteSeconds) {
      seconds += step;
      expect(await findSession(handle.db, id, later(seconds)), `after ${seconds} s`).not.toBeNull();
      // The visit's last_seen_at is written a moment after it, with any others seen meanwhile.
      await writeSessionTouches(handle.db);
    }
    expect(await findSession(handle.db, id, later(sessionTimeouts.absoluteSeconds + 1))).toBeNull();
  });

  it("writes the visits of many sessions together a moment later, never moving a visit back", async () => {
    const hashes = async () => (await handle.db.selectFrom("sessions").select("id_hash").execute()).map((r) => r.id_hash);
    const earlier = new Set(await hashes());
    const ids = [await newSession(), await newSession(), await newSession()];
    const theirs = (await hashes()).filter((hash) => !earlier.has(hash));
    const lastSeen = async () =>
      (await handle.db.selectFrom("sessions").select("last_seen_at").where("id_hash", "in", theirs).execute()).map((r) => r.last_seen_at);
    const before = await lastSeen();
    const visit = later(10 * 60);
    for (const id of ids) expect(await findSession(handle.db, id, visit)).not.toBeNull();
    // Not in the request that saw them due...
    expect(await lastSeen()).toEqual(before);
    // ...but within about a second, all in one transaction.
    await until(async () => (await lastSeen()).every((seen) => seen === visit.toISOString()), "the visits written");
    // A visit written by another process meanwhile, later than this one's, is not moved back.
    const laterVisit = later(30 * 60).toISOString();
    await findSession(handle.db, ids[0], later(20 * 60));
    await handle.db.updateTable("sessions").set({ last_seen_at: laterVisit }).where("id_hash", "in", theirs).execute();
    await writeSessionTouches(handle.db);
    expect(await lastSeen()).toEqual(ids.map(() => laterVisit));
  });
});

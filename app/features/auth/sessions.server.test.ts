import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import { createSession, findSession, sessionTimeouts } from "./sessions.server.ts";

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
    }
    expect(await findSession(handle.db, id, later(sessionTimeouts.absoluteSeconds + 1))).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import { pruneExpiredPayloads } from "#app/features/accounts/index.server.ts";
import { pruneSignInTransactions } from "./relying-party.server.ts";
import { pruneSessions, sessionTimeouts } from "./sessions.server.ts";

/** Each prune removes what is over and keeps every row still in use. */
describe.each(engines)("pruning on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle?.close());

  const now = new Date();
  const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
  const secondsAhead = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

  it("removes idle and too-old sessions and keeps the live ones", async () => {
    const session = (id: string, createdSecondsAgo: number, seenSecondsAgo: number) => ({
      id_hash: id,
      sub: "subject",
      name: "Meena",
      email: null,
      picture: null,
      id_token: "id",
      access_token: "access",
      refresh_token: null,
      access_expires_at: null,
      created_at: secondsAgo(createdSecondsAgo),
      last_seen_at: secondsAgo(seenSecondsAgo),
      role: "student",
      role_email: null,
    });
    const { idleSeconds, absoluteSeconds } = sessionTimeouts;
    await handle.db
      .insertInto("sessions")
      .values([
        session("fresh", 60, 60),
        session("nearly-idle", idleSeconds, idleSeconds - 60),
        session("nearly-too-old", absoluteSeconds - 60, 60),
        session("idle", idleSeconds + 60, idleSeconds + 60),
        session("too-old", absoluteSeconds + 60, 60),
      ])
      .execute();
    await pruneSessions(handle.db, now);
    const left = await handle.db.selectFrom("sessions").select("id_hash").orderBy("id_hash").execute();
    expect(left.map((row) => row.id_hash)).toEqual(["fresh", "nearly-idle", "nearly-too-old"]);
  });

  it("removes sign-ins past their expiry and keeps those still running", async () => {
    const transaction = (state: string, expires_at: string) => ({ state, code_verifier: "v", nonce: "n", return_to: "/", expires_at });
    await handle.db
      .insertInto("sign_in_transactions")
      .values([transaction("running", secondsAhead(60)), transaction("expired", secondsAgo(60))])
      .execute();
    await pruneSignInTransactions(handle.db, now);
    const left = await handle.db.selectFrom("sign_in_transactions").select("state").execute();
    expect(left.map((row) => row.state)).toEqual(["running"]);
  });

  it("removes the provider's expired rows and keeps current and endless ones", async () => {
    const payload = (id: string, expires_at: string | null) => ({
      model: "Session",
      id,
      payload: "{}",
      grant_id: null,
      user_code: null,
      uid: null,
      expires_at,
      consumed_at: null,
    });
    await handle.db
      .insertInto("oidc_payloads")
      .values([payload("current", secondsAhead(600)), payload("expired", secondsAgo(60)), payload("endless", null)])
      .execute();
    await pruneExpiredPayloads(handle.db);
    const left = await handle.db.selectFrom("oidc_payloads").select("id").orderBy("id").execute();
    expect(left.map((row) => row.id)).toEqual(["current", "endless"]);
  });
});

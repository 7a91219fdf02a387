import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import { checkCredentials } from "./credentials.server.ts";
import { countAttempt, pruneLoginFailures, throttlePolicies, throttleTiming, throttleVerdict } from "./login-throttle.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { createAccount, findAccountById } from "./queries.server.ts";
import { pruneRegistrationTickets } from "./registration-ticket.server.ts";

describe("password hashing", () => {
  it("stores argon2id with OWASP parameters and a random salt", async () => {
    const first = await hashPassword("correct horse");
    const second = await hashPassword("correct horse");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
  });

  it("verifies the right password only", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsE", stored)).toBe(false);
    expect(await verifyPassword("correct horse", "not-a-hash")).toBe(false);
  });
});

const registration = (email: string) => ({
  name: "Meena Raghavan",
  phone: "+914420000000",
  email,
  passwordHash: libraryCardHash,
});
let libraryCardHash: string;

describe.each(engines)("accounts on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    libraryCardHash = await hashPassword("library-card-42");
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle?.close());

  it("creates an account with a hashed password and finds it again", async () => {
    const result = await createAccount(handle.db, registration("Meena@Example.com"));
    if (!("account" in result)) throw new Error("expected an account");
    expect(result.account).toMatchObject({ name: "Meena Raghavan", email: "meena@example.com", phone: "+914420000000" });
    expect(await findAccountById(handle.db, result.account.id)).toEqual(result.account);
    const row = await handle.db.selectFrom("accounts").select("password_hash").executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain("library-card-42");
  });

  it("refuses a second account for the same address in another letter case", async () => {
    expect(await createAccount(handle.db, registration("MEENA@example.COM"))).toEqual({ emailTaken: true });
  });

  it("lets only one of two simultaneous registrations win", async () => {
    const results = await Promise.all([
      createAccount(handle.db, registration("twin@example.com")),
      createAccount(handle.db, registration("Twin@example.com")),
    ]);
    expect(results.filter((r) => "account" in r)).toHaveLength(1);
  });

  it("accepts the right password, in any letter case of the email", async () => {
    const result = await checkCredentials(handle.db, {
      email: " MEENA@example.com",
      password: "library-card-42",
      clientAddress: "198.51.100.1",
    });
    expect(result.status).toBe("ok");
  });

  it("answers a wrong password and an unknown email the same way", async () => {
    const wrong = await checkCredentials(handle.db, { email: "meena@example.com", password: "nope-nope", clientAddress: "198.51.100.2" });
    const unknown = await checkCredentials(handle.db, {
      email: "nobody@example.com",
      password: "nope-nope",
      clientAddress: "198.51.100.2",
    });
    expect(wrong).toEqual({ status: "invalid" });
    expect(unknown).toEqual({ status: "invalid" });
  });

  it("slows down from the fifth attempt and blocks the eleventh", () => {
    const verdicts = Array.from({ length: 12 }, (_, i) => throttleVerdict(i + 1, throttlePolicies.account));
    expect(verdicts.slice(0, 4)).toEqual(Array(4).fill({ blocked: false, delayMs: 0 }));
    expect(verdicts[4]).toEqual({ blocked: false, delayMs: throttleTiming.stepMs });
    expect(verdicts[9]).toEqual({ blocked: false, delayMs: throttleTiming.maxDelayMs });
    expect(verdicts[10]).toEqual({ blocked: true, retryAfterSeconds: throttleTiming.blockSeconds });
  });

  it("counts attempts atomically and forgets them after the block period", async () => {
    const key = "account:counted@example.com";
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 10, minutes));
    const counts = await Promise.all(Array.from({ length: 8 }, () => countAttempt(handle.db, key, at(0))));
    expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await countAttempt(handle.db, key, at(14))).toBe(9);
    expect(await countAttempt(handle.db, key, at(30))).toBe(1);
  });

  it("lets at most ten of many parallel guesses at one account through", async () => {
    const email = "parallel-target@example.com";
    await createAccount(handle.db, registration(email));
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => checkCredentials(handle.db, { email, password: `guess-${i}`, clientAddress: `192.0.2.${i}` })),
    );
    expect(results.filter((r) => r.status === "invalid")).toHaveLength(throttlePolicies.account.blockAfter);
    expect(results.filter((r) => r.status === "blocked")).toHaveLength(16 - throttlePolicies.account.blockAfter);
  });

  it("counts guesses at one account together whatever the letter case or spaces of its address", async () => {
    const email = "case-target@example.com";
    await createAccount(handle.db, registration(email));
    const spellings = [email, email.toUpperCase(), ` ${email} `, "Case-Target@Example.com"];
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        checkCredentials(handle.db, { email: spellings[i % spellings.length]!, password: `guess-${i}`, clientAddress: `198.51.100.${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === "blocked")).toHaveLength(16 - throttlePolicies.account.blockAfter);
  });

  it("forgives one failure of an address on a success, not all of them", async () => {
    const email = "forgiven@example.com";
    await createAccount(handle.db, registration(email));
    const clientAddress = "203.0.113.77";
    for (const guess of ["a@example.com", "b@example.com", "c@example.com"]) {
      expect(await checkCredentials(handle.db, { email: guess, password: "wrong-password", clientAddress })).toEqual({ status: "invalid" });
    }
    expect(await checkCredentials(handle.db, { email, password: "library-card-42", clientAddress })).toMatchObject({ status: "ok" });
    const row = await handle.db
      .selectFrom("login_failures")
      .select("count")
      .where("key", "=", `address:${clientAddress}`)
      .executeTakeFirst();
    // Three failures stay counted: one valid account must not reset an address's guesses.
    expect(Number(row?.count)).toBe(3);
  });

  it("refuses even the right password while the account is blocked", async () => {
    for (let i = 0; i < throttlePolicies.account.blockAfter; i++) await countAttempt(handle.db, "account:meena@example.com");
    const result = await checkCredentials(handle.db, {
      email: "meena@example.com",
      password: "library-card-42",
      clientAddress: "198.51.100.3",
    });
    expect(result).toMatchObject({ status: "blocked" });
  });

  it("prunes failure counts whose block has run out and tickets past their ten minutes, and nothing newer", async () => {
    const now = new Date(Date.UTC(2026, 5, 1, 12, 0));
    const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
    await handle.db
      .insertInto("login_failures")
      .values([
        { key: "prune:old", count: 3, last_failure_at: minutesAgo(16) },
        { key: "prune:recent", count: 3, last_failure_at: minutesAgo(14) },
      ])
      .execute();
    const account = await createAccount(handle.db, registration("ticket-holder@example.com"));
    if (!("account" in account)) throw new Error("expected an account");
    await handle.db
      .insertInto("registration_tickets")
      .values([
        { id_hash: "prune-expired", account_id: account.account.id, expires_at: minutesAgo(1) },
        { id_hash: "prune-valid", account_id: account.account.id, expires_at: minutesAgo(-5) },
      ])
      .execute();
    await pruneLoginFailures(handle.db, now);
    await pruneRegistrationTickets(handle.db, now);
    const failures = await handle.db.selectFrom("login_failures").select("key").where("key", "like", "prune:%").execute();
    expect(failures.map((row) => row.key)).toEqual(["prune:recent"]);
    const tickets = await handle.db.selectFrom("registration_tickets").select("id_hash").where("id_hash", "like", "prune-%").execute();
    expect(tickets.map((row) => row.id_hash)).toEqual(["prune-valid"]);
  });
});

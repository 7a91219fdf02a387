import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import { checkCredentials } from "./credentials.server.ts";
import { trustedDeviceOf, trustThisBrowser } from "./device-cookies.server.ts";
import { countAttempt, pruneLoginFailures, throttlePolicies, throttleTiming } from "./login-throttle.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { createAccount, findAccountById, findCredentials } from "./queries.server.ts";
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

  const attempt = (email: string, password: string, clientAddress: string, deviceCookie?: string) =>
    checkCredentials(handle.db, { email, password, clientAddress, deviceCookie });
  const failuresOf = (key: string) =>
    handle.db.selectFrom("login_failures").select(["count", "blocked_until"]).where("key", "=", key).executeTakeFirst();
  /** The device cookie a browser gets once it signed in to the account. */
  const deviceCookieOf = async (accountId: string, current?: string) => {
    const request = new Request("http://localhost/", current ? { headers: { Cookie: `device=${encodeURIComponent(current)}` } } : {});
    const header = await trustThisBrowser(handle.db, request, false, accountId);
    return decodeURIComponent(/^device=([^;]*)/.exec(header!)![1]!);
  };
  const newAccount = async (email: string) => {
    const created = await createAccount(handle.db, registration(email));
    if (!("account" in created)) throw new Error("expected an account");
    return created.account.id;
  };

  it("accepts the right password, in any letter case of the email", async () => {
    expect((await attempt(" MEENA@example.com", "library-card-42", "198.51.100.1")).status).toBe("ok");
  });

  it("answers a wrong password and an unknown email the same way", async () => {
    expect(await attempt("meena@example.com", "nope-nope", "198.51.100.2")).toEqual({ status: "invalid" });
    expect(await attempt("nobody@example.com", "nope-nope", "198.51.100.2")).toEqual({ status: "invalid" });
  });

  it("slows down from the fifth attempt and refuses the eleventh for fifteen minutes", async () => {
    const key = { key: "slowing:one", policy: throttlePolicies.account };
    const at = new Date(Date.UTC(2026, 0, 2, 10, 0));
    const verdicts = [];
    for (let i = 0; i < 12; i++) verdicts.push(await countAttempt(handle.db, key, at));
    expect(verdicts.slice(0, 4)).toEqual(Array(4).fill({ blocked: false, delayMs: 0 }));
    expect(verdicts[4]).toEqual({ blocked: false, delayMs: throttleTiming.stepMs });
    expect(verdicts[9]).toEqual({ blocked: false, delayMs: throttleTiming.maxDelayMs });
    expect(verdicts[10]).toEqual({ blocked: true, retryAfterSeconds: 15 * 60 });
    expect(verdicts[11]).toEqual({ blocked: true, retryAfterSeconds: 15 * 60 });
  });

  it("ends a block fifteen minutes after the attempt that started it, however many are refused meanwhile", async () => {
    const key = { key: "block:fixed", policy: throttlePolicies.account };
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 3, 10, minutes));
    for (let i = 0; i < throttlePolicies.account.blockAfter; i++) await countAttempt(handle.db, key, at(0));
    const blockedUntil = (await failuresOf(key.key))?.blocked_until;
    expect(blockedUntil).toBe(at(15).toISOString());
    expect(await countAttempt(handle.db, key, at(5))).toEqual({ blocked: true, retryAfterSeconds: 10 * 60 });
    for (let i = 0; i < 20; i++) await countAttempt(handle.db, key, at(10));
    expect(await countAttempt(handle.db, key, at(14))).toEqual({ blocked: true, retryAfterSeconds: 60 });
    expect((await failuresOf(key.key))?.blocked_until).toBe(blockedUntil);
    // The block is over: counting starts again, with no delay and no block left.
    expect(await countAttempt(handle.db, key, at(15))).toEqual({ blocked: false, delayMs: 0 });
    expect(await failuresOf(key.key)).toEqual({ count: 1, blocked_until: null });
  });

  it("counts attempts atomically and forgets them after fifteen quiet minutes", async () => {
    const key = { key: "account:counted@example.com", policy: throttlePolicies.account };
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 10, minutes));
    const countNow = async () => Number((await failuresOf(key.key))?.count);
    await Promise.all(Array.from({ length: 8 }, () => countAttempt(handle.db, key, at(0))));
    expect(await countNow()).toBe(8);
    await countAttempt(handle.db, key, at(14));
    expect(await countNow()).toBe(9);
    await countAttempt(handle.db, key, at(30));
    expect(await countNow()).toBe(1);
  });

  it("lets at most ten of many parallel guesses at one account through", async () => {
    const email = "parallel-target@example.com";
    await newAccount(email);
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => attempt(email, `guess-${i}`, `192.0.2.${i}`)));
    expect(results.filter((r) => r.status === "invalid")).toHaveLength(10);
    expect(results.filter((r) => r.status === "blocked")).toHaveLength(6);
  });

  it("counts guesses at one account together whatever the letter case or spaces of its address", async () => {
    const email = "case-target@example.com";
    await newAccount(email);
    const spellings = [email, email.toUpperCase(), ` ${email} `, "Case-Target@Example.com"];
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => attempt(spellings[i % spellings.length]!, `guess-${i}`, `198.51.100.${i}`)),
    );
    expect(results.filter((r) => r.status === "blocked")).toHaveLength(6);
  });

  it("forgives one failure of an address on a success, not all of them", async () => {
    const email = "forgiven@example.com";
    await newAccount(email);
    const clientAddress = "203.0.113.77";
    for (const guess of ["a@example.com", "b@example.com", "c@example.com"]) {
      expect(await attempt(guess, "wrong-password", clientAddress)).toEqual({ status: "invalid" });
    }
    expect(await attempt(email, "library-card-42", clientAddress)).toMatchObject({ status: "ok" });
    // Three failures stay counted: one valid account must not reset an address's guesses.
    expect(Number((await failuresOf(`address:${clientAddress}`))?.count)).toBe(3);
  });

  it("refuses even the right password to strangers while the account is blocked, and counts nothing for a refused attempt", async () => {
    const key = { key: "account:meena@example.com", policy: throttlePolicies.account };
    for (let i = 0; i < throttlePolicies.account.blockAfter; i++) await countAttempt(handle.db, key);
    expect(await attempt("meena@example.com", "library-card-42", "203.0.113.203")).toMatchObject({ status: "blocked" });
    // The network's allowance took the refused attempt back.
    expect(Number((await failuresOf("address:203.0.113.203"))?.count)).toBe(0);
  });

  it("lets the browser that signed in to an account before sign in while strangers have it blocked, without counting their guesses", async () => {
    const email = "owner@example.com";
    const device = await deviceCookieOf(await newAccount(email));
    const strangers = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(email, `guess-${i}`, `192.0.2.${100 + i}`)));
    expect(strangers.filter((r) => r.status === "blocked")).toHaveLength(2);
    const strangersCount = await failuresOf(`account:${email}`);

    // The owner's typing mistake costs its own allowance only; then the right password works.
    expect(await attempt(email, "library-card-24", "198.18.0.1", device)).toEqual({ status: "invalid" });
    expect(await attempt(email, "library-card-42", "198.18.0.1", device)).toMatchObject({ status: "ok" });
    expect(await failuresOf(`account:${email}`)).toEqual(strangersCount);
    expect(await failuresOf("address:198.18.0.1")).toBeUndefined();
    // Still blocked for everyone else.
    expect(await attempt(email, "library-card-42", "198.18.0.2")).toMatchObject({ status: "blocked" });
  });

  // Ten failures of one browser wait 10.5 s in all (the slowing down), besides their hashing.
  it(
    "refuses a device cookie that saw too many failures: its browser then counts as a stranger, and the account stays open",
    { timeout: 60_000 },
    async () => {
      const email = "typo-prone@example.com";
      const id = await newAccount(email);
      const [first, second] = [await deviceCookieOf(id), await deviceCookieOf(id)];
      for (let i = 0; i < throttlePolicies.device.blockAfter; i++) {
        expect(await attempt(email, `wrong-${i}`, "198.18.1.1", first)).toEqual({ status: "invalid" });
      }
      expect(await failuresOf(`account:${email}`)).toBeUndefined();
      // The eleventh: the cookie is refused, the attempt is a stranger's, counted on the account.
      expect(await attempt(email, "wrong-again", "198.18.1.1", first)).toEqual({ status: "invalid" });
      expect(Number((await failuresOf(`account:${email}`))?.count)).toBe(1);
      // The owner's other browser keeps its own allowance.
      expect(await attempt(email, "wrong-there", "198.18.1.2", second)).toEqual({ status: "invalid" });
      expect(Number((await failuresOf(`account:${email}`))?.count)).toBe(1);
      expect(await attempt(email, "library-card-42", "198.18.1.1", first)).toMatchObject({ status: "ok" });
    },
  );

  it("trusts no device cookie that is altered, another account's, too old, or from before a new password", async () => {
    const email = "guarded@example.com";
    const id = await newAccount(email);
    const otherId = await newAccount("someone-else@example.com");
    const credentials = (await findCredentials(handle.db, email))!;
    const own = await deviceCookieOf(id);
    expect(await trustedDeviceOf(handle.db, own, credentials)).toBeTruthy();

    const [nonce, issued, tag] = own.split(".") as [string, string, string];
    const altered = `${nonce}.${issued}.${tag.startsWith("A") ? "B" : "A"}${tag.slice(1)}`;
    const anotherAccounts = await deviceCookieOf(otherId);
    const lateNow = new Date(Date.now() + 181 * 24 * 60 * 60 * 1000);
    expect(await trustedDeviceOf(handle.db, altered, credentials)).toBeUndefined();
    expect(await trustedDeviceOf(handle.db, anotherAccounts, credentials)).toBeUndefined();
    expect(await trustedDeviceOf(handle.db, own, credentials, lateNow)).toBeUndefined();
    expect(
      await trustedDeviceOf(handle.db, own, { ...credentials, password_hash: await hashPassword("a-new-password-9") }),
    ).toBeUndefined();

    // Such a cookie counts for nothing: the attempt is a stranger's.
    expect(await attempt(email, "wrong-password", "198.18.2.1", altered)).toEqual({ status: "invalid" });
    expect(Number((await failuresOf(`account:${email}`))?.count)).toBe(1);
  });

  it("keeps one token per account, the newest first, for at most five accounts in one browser", async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => newAccount(`shared-lab-${i}@example.com`)));
    let cookie: string | undefined;
    for (const id of ids) cookie = await deviceCookieOf(id, cookie);
    cookie = await deviceCookieOf(ids[5]!, cookie);
    expect(cookie!.split("~")).toHaveLength(5);
    const trusted = async (i: number) =>
      trustedDeviceOf(handle.db, cookie, (await findCredentials(handle.db, `shared-lab-${i}@example.com`))!);
    expect(await trusted(0)).toBeUndefined();
    for (const i of [1, 2, 3, 4, 5]) expect(await trusted(i)).toBeTruthy();
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

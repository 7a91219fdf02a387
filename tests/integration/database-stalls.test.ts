import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { engines } from "../setup/databases.ts";
import { siteForTests } from "../setup/server.ts";

// A lock held elsewhere on PostgreSQL (a long migration, an operator's transaction) must cost the
// requests that need that table a bounded wait, not hold every connection of the pool.
describe.runIf(engines.includes("postgres"))("a PostgreSQL stall", () => {
  const site = siteForTests({ DATABASE_STATEMENT_TIMEOUT_MS: "1000", TRUST_PROXY: "1" }, "postgres");

  const subscribe = (email: string) =>
    fetch(`${site.server.url}/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.60" },
      body: new URLSearchParams({ email }),
    });

  it("gives up on a locked table within the bound, keeps serving other pages, and recovers by itself", async () => {
    const holder = site.db;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // One transaction holds the table the newsletter form counts its sign-ups in, until released.
    const holding = holder.transaction().execute(async (trx) => {
      await sql`lock table rate_limits in access exclusive mode`.execute(trx);
      await released;
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const lockHeld = new Promise<"still locked">((resolve) => setTimeout(() => resolve("still locked"), 8000));
      const answered = await Promise.race([subscribe("stalled@example.com").then((response) => response.status), lockHeld]);
      // Answered while the lock was still held: an error page, not a wait for the lock.
      expect(answered).not.toBe("still locked");
      expect(answered).toBeGreaterThanOrEqual(500);
      // Pages that need no database answer as usual meanwhile.
      expect((await fetch(`${site.server.url}/about`)).status).toBe(200);
    } finally {
      release();
      await holding;
    }
    expect((await subscribe("recovered@example.com")).status).toBe(200);
  });
});

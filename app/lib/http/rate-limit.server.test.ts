import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import { consumeRateLimit, pruneRateLimits } from "./rate-limit.server.ts";

describe.each(engines)("consumeRateLimit on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  const rule = { limit: 3, windowSeconds: 60 };
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle?.close());

  it("allows the limit, refuses the next, and opens a new window after it ends", async () => {
    const key = "test:window";
    const results = [];
    for (const second of [0, 10, 20, 30]) results.push(await consumeRateLimit(handle.db, { key, ...rule }, at(second)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(30);
    expect((await consumeRateLimit(handle.db, { key, ...rule }, at(61))).allowed).toBe(true);
  });

  it("counts each key apart", async () => {
    for (let i = 0; i < 3; i++) await consumeRateLimit(handle.db, { key: "test:a", ...rule }, at(0));
    expect((await consumeRateLimit(handle.db, { key: "test:a", ...rule }, at(1))).allowed).toBe(false);
    expect((await consumeRateLimit(handle.db, { key: "test:b", ...rule }, at(1))).allowed).toBe(true);
  });

  it("counts concurrent attempts exactly", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () => consumeRateLimit(handle.db, { key: "test:burst", ...rule }, at(0))),
    );
    expect(attempts.filter((a) => a.allowed)).toHaveLength(3);
  });

  it("prunes windows that ended long ago and keeps recent ones", async () => {
    await consumeRateLimit(handle.db, { key: "test:recent", ...rule }, at(3590));
    await pruneRateLimits(handle.db, 60, at(3600));
    const left = await handle.db.selectFrom("rate_limits").select("key").execute();
    expect(left).toEqual([{ key: "test:recent" }]);
  });
});

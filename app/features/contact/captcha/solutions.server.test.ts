import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import { claimCaptchaAnswer, pruneCaptchaAnswers } from "./solutions.server.ts";

describe.each(engines)("captcha answers on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle?.close());

  it("can be claimed once", async () => {
    const answer = { key: "altcha:once", expiresAt: "2030-01-01T00:00:00.000Z" };
    expect(await claimCaptchaAnswer(handle.db, answer)).toBe(true);
    expect(await claimCaptchaAnswer(handle.db, answer)).toBe(false);
  });

  it("can be claimed once even when claims race", async () => {
    const answer = { key: "altcha:race", expiresAt: "2030-01-01T00:00:00.000Z" };
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimCaptchaAnswer(handle.db, answer)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("are forgotten once expired", async () => {
    await claimCaptchaAnswer(handle.db, { key: "altcha:old", expiresAt: "2026-01-01T00:09:59.000Z" });
    await claimCaptchaAnswer(handle.db, { key: "altcha:fresh", expiresAt: "2026-01-01T00:10:01.000Z" });
    await pruneCaptchaAnswers(handle.db, new Date("2026-01-01T00:10:00.000Z"));
    const left = (await handle.db.selectFrom("captcha_solutions").select("key").orderBy("key").execute()).map((row) => row.key);
    expect(left).toContain("altcha:fresh");
    expect(left).not.toContain("altcha:old");
  });
});

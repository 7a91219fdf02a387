import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";

/**
 * Records a captcha answer as used. False when it had been used before: a replay. Run it in
 * the transaction that stores what the answer protects; the primary key makes two instances
 * racing with the same answer agree that only one of them got it.
 */
export async function claimCaptchaAnswer(db: Kysely<Database>, { key, expiresAt }: { key: string; expiresAt: string }): Promise<boolean> {
  const result = await db
    .insertInto("captcha_solutions")
    .values({ key, expires_at: expiresAt })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Forgets answers whose challenge has expired: they are refused as expired anyway. */
export async function pruneCaptchaAnswers(db: Kysely<Database>, now = new Date()) {
  await db.deleteFrom("captcha_solutions").where("expires_at", "<", now.toISOString()).execute();
}

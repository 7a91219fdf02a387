import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * A secret made once and kept in the database (signing keys, cookie keys):
 * restarts keep it, and when several instances start at once the first
 * insert wins and all of them read that one.
 */
export async function getOrCreateSecret(db: Kysely<Database>, name: string, create: () => string): Promise<string> {
  const read = () => db.selectFrom("app_secrets").select("value").where("name", "=", name).executeTakeFirst();
  // Made only when missing: making an RSA key on every start would waste a second of it.
  const existing = await read();
  if (existing) return existing.value;
  await db
    .insertInto("app_secrets")
    .values({ name, value: create(), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  return (await read())!.value;
}

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";

/** Stores the address once; signing up again is not an error. */
export async function subscribeToNewsletter(db: Kysely<Database>, email: string): Promise<void> {
  await db
    .insertInto("newsletter_subscriptions")
    .values({ id: randomUUID(), email, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
}

import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";

/**
 * Remembers a person at each sign-in (their latest name and address) and says whether they may
 * sign in: false when an administrator has disabled them.
 */
export async function recordSignIn(db: Kysely<Database>, person: { sub: string; name: string; email: string | null }): Promise<boolean> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("people")
    .values({ ...person, first_seen_at: now, last_sign_in_at: now, disabled_at: null, disabled_by: null })
    .onConflict((conflict) =>
      conflict.column("sub").doUpdateSet((eb) => ({
        name: eb.ref("excluded.name"),
        email: eb.ref("excluded.email"),
        last_sign_in_at: eb.ref("excluded.last_sign_in_at"),
      })),
    )
    .returning("disabled_at")
    .executeTakeFirstOrThrow();
  return row.disabled_at === null;
}

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../lib/db/schema.ts";
import { hashPassword } from "./password.server.ts";
import type { Registration } from "./schemas.ts";

type Account = Omit<Database["accounts"], "password_hash">;

const publicColumns = ["id", "name", "email", "phone", "address", "created_at", "updated_at"] as const;

/** Creates the account, or says the address is taken (in any letter case). */
export async function createAccount(
  db: Kysely<Database>,
  registration: Registration,
): Promise<{ account: Account } | { emailTaken: true }> {
  const now = new Date().toISOString();
  const row = {
    id: randomUUID(),
    name: registration.name,
    email: registration.email.toLowerCase(),
    phone: registration.phone,
    address: null,
    password_hash: await hashPassword(registration.password1),
    created_at: now,
    updated_at: now,
  };
  // The unique index decides, so two simultaneous registrations cannot both win.
  const inserted = await db
    .insertInto("accounts")
    .values(row)
    .onConflict((oc) => oc.column("email").doNothing())
    .returning(publicColumns)
    .executeTakeFirst();
  return inserted ? { account: inserted } : { emailTaken: true };
}

export function findAccountById(db: Kysely<Database>, id: string): Promise<Account | undefined> {
  return db.selectFrom("accounts").select(publicColumns).where("id", "=", id).executeTakeFirst();
}

/** `email` as stored: trimmed and in lower case. */
export function findCredentials(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("accounts")
    .select(["id", "password_hash"])
    .where("email", "=", email)
    .executeTakeFirst();
}

export async function updateContactDetails(
  db: Kysely<Database>,
  id: string,
  details: { phone: string; address: string | null },
): Promise<void> {
  await db
    .updateTable("accounts")
    .set({ ...details, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

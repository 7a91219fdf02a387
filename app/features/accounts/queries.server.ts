import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
type Account = Omit<Database["accounts"], "password_hash">;

/** What an account starts with; the password already hashed (see password.server.ts). */
export interface NewAccount {
  name: string;
  phone: string;
  email: string;
  passwordHash: string;
}

const publicColumns = ["id", "name", "email", "phone", "address", "created_at", "updated_at"] as const;

/** Creates the account, or says the address is taken (in any letter case). */
export async function createAccount(db: Kysely<Database>, registration: NewAccount): Promise<{ account: Account } | { emailTaken: true }> {
  const now = new Date().toISOString();
  const row = {
    id: randomUUID(),
    name: registration.name,
    email: registration.email.toLowerCase(),
    phone: registration.phone,
    address: null,
    password_hash: registration.passwordHash,
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
  return db.selectFrom("accounts").select(["id", "password_hash"]).where("email", "=", email).executeTakeFirst();
}

export function findCredentialsById(db: Kysely<Database>, id: string) {
  return db.selectFrom("accounts").select(["id", "password_hash"]).where("id", "=", id).executeTakeFirst();
}

/** `email` as stored: trimmed and in lower case. */
export function findAccountByEmail(db: Kysely<Database>, email: string): Promise<Account | undefined> {
  return db.selectFrom("accounts").select(publicColumns).where("email", "=", email).executeTakeFirst();
}

export async function setPasswordHash(db: Kysely<Database>, id: string, passwordHash: string): Promise<void> {
  await db
    .updateTable("accounts")
    .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

/** Moves the account to a new address; false when another account has it meanwhile (the unique index decides). */
export async function changeAccountEmail(db: Kysely<Database>, id: string, email: string): Promise<boolean> {
  const taken = await db.selectFrom("accounts").select("id").where("email", "=", email).where("id", "!=", id).executeTakeFirst();
  if (taken) return false;
  await db.updateTable("accounts").set({ email, updated_at: new Date().toISOString() }).where("id", "=", id).execute();
  return true;
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

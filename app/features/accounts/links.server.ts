// Links mailed to people about their account. The link carries a random token; the database keeps
// only its hash, so a copy of the database opens no account. Each link works once, until it expires.
import { createHash, randomBytes } from "node:crypto";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { LINK_LIFETIME_MINUTES } from "./limits.ts";

export type AccountLink = Database["account_links"];
export type LinkPurpose = AccountLink["purpose"];

const hash = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A token is 32 random bytes in base64url: 43 characters of that alphabet. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * Stores a new link and returns its token. An account has one live link per purpose, and an
 * address one live registration link: asking again replaces the earlier one, so only the newest
 * mail works.
 */
export async function issueAccountLink(
  db: Kysely<Database>,
  link:
    | { purpose: "registration"; accountId: null; email: string; details: unknown }
    | { purpose: LinkPurpose; accountId: string; email: string },
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const row = {
    id_hash: hash(token),
    purpose: link.purpose,
    account_id: link.accountId,
    email: link.email,
    details: "details" in link ? JSON.stringify(link.details) : null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + LINK_LIFETIME_MINUTES * 60 * 1000).toISOString(),
  };
  // One statement against the unique index (of registrations by address, of account links by
  // account and purpose): of two requests racing, one link stays.
  await db
    .insertInto("account_links")
    .values(row)
    .onConflict((oc) =>
      (link.accountId === null
        ? oc.column("email").where(sql<boolean>`purpose = 'registration'`)
        : oc.columns(["account_id", "purpose"]).where(sql<boolean>`account_id is not null`)
      ).doUpdateSet((eb) => ({
        id_hash: eb.ref("excluded.id_hash"),
        email: eb.ref("excluded.email"),
        details: eb.ref("excluded.details"),
        created_at: eb.ref("excluded.created_at"),
        expires_at: eb.ref("excluded.expires_at"),
      })),
    )
    .execute();
  return token;
}

/** The link of this token, for this purpose, still live. */
const isLiveLink = (token: string, purpose: LinkPurpose, now: Date) => (eb: ExpressionBuilder<Database, "account_links">) =>
  eb.and([eb("id_hash", "=", hash(token)), eb("purpose", "=", purpose), eb("expires_at", ">", now.toISOString())]);

/** The live link for this token and purpose, without using it up (to show the page it opens). */
export async function findAccountLink(
  db: Kysely<Database>,
  token: string,
  purpose: LinkPurpose,
  now = new Date(),
): Promise<AccountLink | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  return db
    .selectFrom("account_links")
    .selectAll()
    .where(isLiveLink(token, purpose, now))
    .executeTakeFirst();
}

/**
 * Uses the link up: one statement, so of two requests racing with the same link only one gets it.
 * Give it the transaction that does what the link allows, so a failure leaves the link usable.
 */
export async function redeemAccountLink(
  db: Kysely<Database>,
  token: string,
  purpose: LinkPurpose,
  now = new Date(),
): Promise<AccountLink | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  return db
    .deleteFrom("account_links")
    .where(isLiveLink(token, purpose, now))
    .returningAll()
    .executeTakeFirst();
}

/** Every link of the account for this purpose stops working (the password changed another way). */
export async function revokeAccountLinks(db: Kysely<Database>, accountId: string, purpose: LinkPurpose): Promise<void> {
  await db.deleteFrom("account_links").where("account_id", "=", accountId).where("purpose", "=", purpose).execute();
}

export async function pruneAccountLinks(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.deleteFrom("account_links").where("expires_at", "<=", now.toISOString()).execute();
}

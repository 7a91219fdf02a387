import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Links mailed to people (confirm a registration, reset a password, confirm a new address):
  // only a hash of each is kept, each works once and only until it expires.
  await db.schema
    .createTable("account_links")
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    // registration, password-reset or email-change
    .addColumn("purpose", "text", (col) => col.notNull())
    // null for a registration: the account is created when the link is opened.
    .addColumn("account_id", "text", (col) => col.references("accounts.id").onDelete("cascade"))
    // The address the link was mailed to, in lower case.
    .addColumn("email", "text", (col) => col.notNull())
    // What opening the link needs besides (a registration's name, phone and password hash), as JSON.
    .addColumn("details", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("account_links_account").on("account_links").columns(["account_id", "purpose"]).execute();
  await db.schema.createIndex("account_links_expiry").on("account_links").column("expires_at").execute();

  // The outbox of mails to people about their account, delivered like contact messages
  // (same states and retries). Settled mails are deleted within the hour: their text holds a link.
  await db.schema
    .createTable("account_mails")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("recipient", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("claimed_until", "text")
    .addColumn("last_error", "text")
    .addColumn("delivered_at", "text")
    .execute();
  await db.schema.createIndex("account_mails_due").on("account_mails").columns(["status", "next_attempt_at"]).execute();
}

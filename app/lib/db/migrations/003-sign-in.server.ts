import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Everything the built-in OpenID provider stores (sessions, codes, grants, …), one JSON payload per row.
  await db.schema
    .createTable("oidc_payloads")
    .addColumn("model", "text", (col) => col.notNull())
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("grant_id", "text")
    .addColumn("user_code", "text")
    .addColumn("uid", "text")
    .addColumn("expires_at", "text")
    .addColumn("consumed_at", "text")
    .addPrimaryKeyConstraint("oidc_payloads_pk", ["model", "id"])
    .execute();
  await db.schema.createIndex("oidc_payloads_grant_id").on("oidc_payloads").column("grant_id").execute();
  await db.schema.createIndex("oidc_payloads_uid").on("oidc_payloads").column("uid").execute();

  // Keys made once and kept: the provider's signing key, its cookie key, the site's client secret.
  await db.schema
    .createTable("app_secrets")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  // One row per sign-in started by the site (relying party): used once, within a day.
  await db.schema
    .createTable("sign_in_transactions")
    .addColumn("state", "text", (col) => col.primaryKey())
    .addColumn("code_verifier", "text", (col) => col.notNull())
    .addColumn("nonce", "text", (col) => col.notNull())
    .addColumn("return_to", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();

  // The site's own sessions; the browser holds only the random id, which is stored hashed.
  await db.schema
    .createTable("sessions")
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    .addColumn("sub", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("picture", "text")
    .addColumn("id_token", "text", (col) => col.notNull())
    .addColumn("access_token", "text", (col) => col.notNull())
    .addColumn("refresh_token", "text")
    .addColumn("access_expires_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .execute();

  // Lets a person who just registered finish signing in without typing the password again.
  await db.schema
    .createTable("registration_tickets")
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    .addColumn("account_id", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("registration_tickets").execute();
  await db.schema.dropTable("sessions").execute();
  await db.schema.dropTable("sign_in_transactions").execute();
  await db.schema.dropTable("app_secrets").execute();
  await db.schema.dropTable("oidc_payloads").execute();
}

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    // Stored lower-cased: one account per address whatever its letter case.
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("address", "text")
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("login_failures")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("count", "integer", (col) => col.notNull())
    .addColumn("last_failure_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_failures").execute();
  await db.schema.dropTable("accounts").execute();
}

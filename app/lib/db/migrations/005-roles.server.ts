import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Roles given by the college (`npm run user:role`), by email so they can be given before a first sign-in.
  await db.schema
    .createTable("user_roles")
    .addColumn("email", "text", (col) => col.primaryKey())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  // The role decided at sign-in lives in the server-side session, never in the browser.
  await db.schema
    .alterTable("sessions")
    .addColumn("role", "text", (col) => col.notNull().defaultTo("student"))
    .execute();
  // The address `npm run user:role` finds the session by: only one the provider vouches for.
  await db.schema.alterTable("sessions").addColumn("role_email", "text").execute();
  await db.schema.createIndex("sessions_role_email").on("sessions").column("role_email").execute();
}

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The contact form's outbox: a message is stored before it is acknowledged, then forwarded
  // by the background deliverer (SMTP or a form service), or kept here for staff.
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    // pending (waiting for its next attempt), sending (claimed by a deliverer until claimed_until),
    // sent, failed (gave up after 24 hours or a permanent refusal), kept (no delivery configured).
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("claimed_until", "text")
    .addColumn("last_error", "text")
    .addColumn("delivered_at", "text")
    .addColumn("handled_at", "text")
    .addColumn("handled_by", "text")
    .execute();
  await db.schema.createIndex("contact_messages_due").on("contact_messages").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("contact_messages_newest").on("contact_messages").columns(["created_at", "id"]).execute();

  // Every delivery attempt, for staff to see what happened.
  await db.schema
    .createTable("contact_delivery_attempts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("message_id", "text", (col) => col.notNull().references("contact_messages.id").onDelete("cascade"))
    .addColumn("attempted_at", "text", (col) => col.notNull())
    .addColumn("outcome", "text", (col) => col.notNull())
    .addColumn("detail", "text")
    .execute();
  await db.schema.createIndex("contact_delivery_attempts_message").on("contact_delivery_attempts").column("message_id").execute();

  // Captcha solutions already used: a replay is refused on every instance. Kept until they expire.
  await db.schema
    .createTable("captcha_solutions")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
}

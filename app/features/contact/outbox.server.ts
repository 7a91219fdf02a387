import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import type { ContactDelivery } from "./delivery-settings.server.ts";

/**
 * Puts one accepted message in the outbox. With a way to deliver it, it waits for the
 * deliverer at once; without one it is kept for staff. Give it a transaction to store
 * the message together with whatever else must hold with it.
 */
export async function storeContactMessage(
  db: Kysely<Database>,
  fields: { name: string; email: string; phone: string; message: string },
  delivery: ContactDelivery,
): Promise<{ id: string }> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const deliverable = delivery.kind !== "none";
  await db
    .insertInto("contact_messages")
    .values({
      id,
      name: fields.name,
      email: fields.email,
      phone: fields.phone,
      message: fields.message,
      created_at: now,
      attempts: 0,
      status: deliverable ? "pending" : "kept",
      next_attempt_at: deliverable ? now : null,
    })
    .execute();
  return { id };
}

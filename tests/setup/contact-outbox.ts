import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";

export type ContactMessageRow = Database["contact_messages"];

let stored = 0;

/**
 * Stores a contact message as the contact form does (storeContactMessage): "pending" and due
 * at once when a delivery is configured, "kept" otherwise. `changes` sets any column directly.
 */
export async function storeMessage(
  db: Kysely<Database>,
  { delivery = true, createdAt = new Date(), ...changes }: Partial<ContactMessageRow> & { delivery?: boolean; createdAt?: Date } = {},
): Promise<ContactMessageRow> {
  stored += 1;
  const row: ContactMessageRow = {
    id: randomUUID(),
    name: `Person ${stored}`,
    email: `person-${stored}@example.com`,
    phone: "9840012345",
    message: `Question number ${stored}:\nwhen does the next batch start?`,
    created_at: createdAt.toISOString(),
    status: delivery ? "pending" : "kept",
    attempts: 0,
    next_attempt_at: delivery ? createdAt.toISOString() : null,
    claimed_until: null,
    last_error: null,
    delivered_at: null,
    handled_at: null,
    handled_by: null,
    ...changes,
  };
  await db.insertInto("contact_messages").values(row).execute();
  return row;
}

export const messageRow = (db: Kysely<Database>, id: string) =>
  db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

export const attemptRows = (db: Kysely<Database>, id?: string) =>
  db
    .selectFrom("contact_delivery_attempts")
    .selectAll()
    .$if(Boolean(id), (qb) => qb.where("message_id", "=", id!))
    .orderBy("attempted_at")
    .execute();

/** Polls the database until `check` holds (a background deliverer at work); fails after `timeoutMs`. */
export async function waitFor<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not as expected after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

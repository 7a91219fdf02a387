// What staff see of the contact outbox at /staff/messages, and marking messages handled.
import { actorOf, recordStaffAction } from "#app/lib/db/audit-log.server.ts";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { describeDelivery } from "./delivery-status.ts";
import { formatCollegeTime } from "#app/lib/text/college-time.ts";
import type { MessageCursor } from "./staff-schemas.ts";

export const messagesPerPage = 20;

/** One message as the staff page shows it; times already in words. */
export interface StaffMessage {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  received: string;
  delivery: string;
  handled: { by: string; on: string } | null;
  attempts: Array<{ id: string; at: string; outcome: "sent" | "failed"; detail: string | null }>;
}

export interface StaffMessagePage {
  messages: StaffMessage[];
  /** Where the next page starts, when there are older messages. */
  older: MessageCursor | null;
}

/** Newest first, `messagesPerPage` at a time, after `before` (the last message of the previous page). */
export async function listStaffMessages(
  db: Kysely<Database>,
  { onlyOpen, before }: { onlyOpen: boolean; before?: MessageCursor },
): Promise<StaffMessagePage> {
  const rows = await db
    .selectFrom("contact_messages")
    .selectAll()
    .$if(onlyOpen, (qb) => qb.where("handled_at", "is", null))
    .$if(Boolean(before), (qb) =>
      qb.where((eb) =>
        eb.or([eb("created_at", "<", before!.createdAt), eb.and([eb("created_at", "=", before!.createdAt), eb("id", "<", before!.id)])]),
      ),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    // One more than a page tells whether an older page exists.
    .limit(messagesPerPage + 1)
    .execute();
  const page = rows.slice(0, messagesPerPage);
  const attempts = page.length
    ? await db
        .selectFrom("contact_delivery_attempts")
        .selectAll()
        .where(
          "message_id",
          "in",
          page.map((row) => row.id),
        )
        .orderBy("attempted_at")
        .orderBy("id")
        .execute()
    : [];

  const last = page.at(-1);
  return {
    messages: page.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      message: row.message,
      received: formatCollegeTime(row.created_at),
      delivery: describeDelivery(row),
      handled: row.handled_at ? { by: row.handled_by ?? "someone", on: formatCollegeTime(row.handled_at) } : null,
      attempts: attempts
        .filter((attempt) => attempt.message_id === row.id)
        .map((attempt) => ({
          id: attempt.id,
          at: formatCollegeTime(attempt.attempted_at),
          outcome: attempt.outcome,
          detail: attempt.detail,
        })),
    })),
    older: rows.length > messagesPerPage && last ? { createdAt: last.created_at, id: last.id } : null,
  };
}

/** Marks a message handled by `by`, or not handled again (`by` null). False when there is no such message. */
export async function setMessageHandled(db: Kysely<Database>, id: string, by: string | null, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("contact_messages")
    .set(by ? { handled_at: now.toISOString(), handled_by: by } : { handled_at: null, handled_by: null })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a message handled by this staff member (or not handled), with its line in the audit log; false when there is no such message. */
export function markMessageHandled(
  db: Kysely<Database>,
  id: string,
  user: { sub: string; name: string; email: string | null },
  handled: boolean,
) {
  const actor = actorOf(user);
  return db.transaction().execute(async (trx) => {
    const changed = await setMessageHandled(trx, id, handled ? actor.name : null);
    if (changed)
      await recordStaffAction(trx, actor, { action: handled ? "contact.handle" : "contact.unhandle", subject: `contact-message:${id}` });
    return changed;
  });
}

// An outbox's state changes, each one statement so that several deliverers (threads of one
// process or instances on other machines) can share the table without a lock held across a send.
import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";

/** The tables that work as outboxes: contact messages to the college, mails to people about their account and about mentoring sessions. */
export type OutboxTable = "contact_messages" | "account_mails" | "mentorship_mails";

/** The columns every outbox has; the deliverer reads and writes only these. */
type QueueColumns = Pick<
  Database["contact_messages"],
  "id" | "created_at" | "attempts" | "next_attempt_at" | "claimed_until" | "last_error" | "delivered_at"
> & {
  status: "pending" | "sending" | "sent" | "failed";
};

export type ClaimedMessage<T extends OutboxTable = "contact_messages"> = Database[T];

/**
 * The outboxes seen through their shared columns. Written against one name (`as "outbox"` below):
 * the statements are the same for every outbox, only the table's name differs.
 */
type Outboxes = { outbox: QueueColumns };
const asOutbox = (db: Kysely<Database>) => db as unknown as Kysely<Outboxes>;
const outboxName = (table: OutboxTable) => table as unknown as "outbox";

/** Waiting and due, or claimed by a deliverer whose lease ran out (it died mid-send). */
const isDue = (nowIso: string) => (eb: ExpressionBuilder<Outboxes, "outbox">) =>
  eb.or([
    eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", nowIso)]),
    eb.and([eb("status", "=", "sending"), eb("claimed_until", "<=", nowIso)]),
  ]);

/**
 * Marks up to `limit` due messages as being sent by this deliverer until `claimedUntil`, and
 * returns them. One statement, so no two deliverers claim the same message: on PostgreSQL the
 * chosen rows are locked and rows locked by another deliverer skipped; on SQLite the statement
 * runs under the database's single write lock.
 */
export async function claimDueMessages<T extends OutboxTable = "contact_messages">(
  db: Kysely<Database>,
  {
    now,
    claimedUntil,
    limit,
    postgres,
    table = "contact_messages" as T,
  }: { now: Date; claimedUntil: Date; limit: number; postgres: boolean; table?: T },
): Promise<ClaimedMessage<T>[]> {
  const nowIso = now.toISOString();
  const outbox = outboxName(table);
  const claim = asOutbox(db)
    // Materialized: chosen once. Written as `id in (select … limit n)`, PostgreSQL may run the
    // subquery again for every row it compares (a nested loop) and claim far more than n.
    .with(
      (cte) => cte("due").materialized(),
      (qc) => {
        const due = qc.selectFrom(outbox).select("id").where(isDue(nowIso)).orderBy("next_attempt_at").limit(limit);
        return postgres ? due.forUpdate().skipLocked() : due;
      },
    )
    .updateTable(outbox)
    .from("due")
    .set({ status: "sending", claimed_until: claimedUntil.toISOString() })
    .whereRef(`${outbox}.id`, "=", "due.id")
    // Checked again on the row being changed: a row another deliverer claimed meanwhile no longer matches.
    .where(isDue(nowIso));
  // SQLite's RETURNING sees only the updated table and refuses a qualified wildcard.
  const claimed = await (postgres ? claim.returningAll(outbox).execute() : claim.returningAll().execute());
  return claimed as unknown as ClaimedMessage<T>[];
}

/** Records one attempt; kept even when the message's own update below loses its claim. */
export async function recordAttempt(
  db: Kysely<Database>,
  attempt: { messageId: string; at: Date; outcome: "sent" | "failed"; detail: string },
) {
  await db
    .insertInto("contact_delivery_attempts")
    .values({
      id: randomUUID(),
      message_id: attempt.messageId,
      attempted_at: attempt.at.toISOString(),
      outcome: attempt.outcome,
      detail: attempt.detail,
    })
    .execute();
}

type Claim = Pick<QueueColumns, "id" | "claimed_until"> & { table: OutboxTable };

/** Changes the message only while this deliverer's claim holds; false when another one took it over. */
async function updateClaimed(db: Kysely<Database>, claim: Claim, changes: Partial<QueueColumns>): Promise<boolean> {
  const result = await asOutbox(db)
    .updateTable(outboxName(claim.table))
    .set(changes)
    .where("id", "=", claim.id)
    .where("status", "=", "sending")
    .where("claimed_until", "=", claim.claimed_until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const markSent = (db: Kysely<Database>, claim: Claim, { at, attempts }: { at: Date; attempts: number }) =>
  updateClaimed(db, claim, {
    status: "sent",
    attempts,
    delivered_at: at.toISOString(),
    claimed_until: null,
    next_attempt_at: null,
    last_error: null,
  });

export const markRetry = (
  db: Kysely<Database>,
  claim: Claim,
  { attempts, nextAttemptAt, error }: { attempts: number; nextAttemptAt: Date; error: string },
) =>
  updateClaimed(db, claim, {
    status: "pending",
    attempts,
    next_attempt_at: nextAttemptAt.toISOString(),
    claimed_until: null,
    last_error: error,
  });

export const markFailed = (db: Kysely<Database>, claim: Claim, { attempts, error }: { attempts: number; error: string }) =>
  updateClaimed(db, claim, { status: "failed", attempts, next_attempt_at: null, claimed_until: null, last_error: error });

// The outbox's state changes, each one statement so that several deliverers (threads of one
// process or instances on other machines) can share the table without a lock held across a send.
import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../../lib/db/schema.ts";

export type ClaimedMessage = Database["contact_messages"];

/** Waiting and due, or claimed by a deliverer whose lease ran out (it died mid-send). */
const isDue = (nowIso: string) => (eb: ExpressionBuilder<Database, "contact_messages">) =>
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
export async function claimDueMessages(
  db: Kysely<Database>,
  { now, claimedUntil, limit, postgres }: { now: Date; claimedUntil: Date; limit: number; postgres: boolean },
): Promise<ClaimedMessage[]> {
  const nowIso = now.toISOString();
  const claim = db
    // Materialized: chosen once. Written as `id in (select … limit n)`, PostgreSQL may run the
    // subquery again for every row it compares (a nested loop) and claim far more than n.
    .with(
      (cte) => cte("due").materialized(),
      (qc) => {
        const due = qc.selectFrom("contact_messages").select("id").where(isDue(nowIso)).orderBy("next_attempt_at").limit(limit);
        return postgres ? due.forUpdate().skipLocked() : due;
      },
    )
    .updateTable("contact_messages")
    .from("due")
    .set({ status: "sending", claimed_until: claimedUntil.toISOString() })
    .whereRef("contact_messages.id", "=", "due.id")
    // Checked again on the row being changed: a row another deliverer claimed meanwhile no longer matches.
    .where(isDue(nowIso));
  // SQLite's RETURNING sees only the updated table and refuses a qualified wildcard.
  return postgres ? claim.returningAll("contact_messages").execute() : claim.returningAll().execute();
}

/** Records one attempt; kept even when the message's own update below loses its claim. */
export async function recordAttempt(
  db: Kysely<Database>,
  attempt: { messageId: string; at: Date; outcome: "sent" | "failed"; detail: string },
) {
  await db
    .insertInto("contact_delivery_attempts")
    .values({ id: randomUUID(), message_id: attempt.messageId, attempted_at: attempt.at.toISOString(), outcome: attempt.outcome, detail: attempt.detail })
    .execute();
}

type Claim = Pick<ClaimedMessage, "id" | "claimed_until">;

/** Changes the message only while this deliverer's claim holds; false when another one took it over. */
async function updateClaimed(db: Kysely<Database>, claim: Claim, changes: Partial<ClaimedMessage>): Promise<boolean> {
  const result = await db
    .updateTable("contact_messages")
    .set(changes)
    .where("id", "=", claim.id)
    .where("status", "=", "sending")
    .where("claimed_until", "=", claim.claimed_until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const markSent = (db: Kysely<Database>, claim: Claim, { at, attempts }: { at: Date; attempts: number }) =>
  updateClaimed(db, claim, { status: "sent", attempts, delivered_at: at.toISOString(), claimed_until: null, next_attempt_at: null, last_error: null });

export const markRetry = (db: Kysely<Database>, claim: Claim, { attempts, nextAttemptAt, error }: { attempts: number; nextAttemptAt: Date; error: string }) =>
  updateClaimed(db, claim, { status: "pending", attempts, next_attempt_at: nextAttemptAt.toISOString(), claimed_until: null, last_error: error });

export const markFailed = (db: Kysely<Database>, claim: Claim, { attempts, error }: { attempts: number; error: string }) =>
  updateClaimed(db, claim, { status: "failed", attempts, next_attempt_at: null, claimed_until: null, last_error: error });

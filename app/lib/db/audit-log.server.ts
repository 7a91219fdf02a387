import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";
import { timeOrderedId } from "./time-ordered-id.server.ts";

// The audit log: every change made by staff (teachers, moderators, administrators) through the
// site, written in the transaction of the change. Shown at /staff/audit (features/staff).

/** Who did something in the staff area, as the log names them. */
export interface StaffActor {
  sub: string;
  name: string;
}

/** Who a staff member is in the log and on what they handled: their name, and their address when it adds something. */
export const actorOf = (user: { sub: string; name: string; email: string | null }): StaffActor => ({
  sub: user.sub,
  name: user.email && user.email !== user.name ? `${user.name} (${user.email})` : user.name,
});

export interface StaffAction {
  /** What was done, e.g. "course.create", "lesson.publish". */
  action: string;
  /** What it was done to, e.g. "course:java", "lesson:java-01". */
  subject: string;
  before?: unknown;
  after?: unknown;
}

/** Writes one line of the audit log; call it in the transaction of the change it records. */
export async function recordStaffAction(db: Kysely<Database>, actor: StaffActor, entry: StaffAction): Promise<void> {
  const at = new Date();
  await db
    .insertInto("audit_log")
    .values({
      id: timeOrderedId(at),
      at: at.toISOString(),
      actor_sub: actor.sub,
      actor_name: actor.name,
      action: entry.action,
      subject: entry.subject,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

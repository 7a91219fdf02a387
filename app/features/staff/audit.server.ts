import type { Kysely } from "kysely";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import { containsText } from "#app/lib/db/contains-text.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { timeOrderedId } from "#app/lib/time-ordered-id.server.ts";

/** Who did something in the staff area, as the log names them. */
export interface StaffActor {
  sub: string;
  name: string;
}

export const actorOf = (user: Pick<SessionUser, "sub" | "name" | "email">): StaffActor => ({
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

export const AUDIT_PAGE_SIZE = 50;

/** One page of the log, newest first; `before` is the id of the last line of the page before. */
export async function auditPage(db: Kysely<Database>, { before, search }: { before?: string; search?: string }) {
  let query = db
    .selectFrom("audit_log")
    .selectAll()
    .orderBy("id", "desc")
    .limit(AUDIT_PAGE_SIZE + 1);
  if (before) query = query.where("id", "<", before);
  if (search) {
    query = query.where((eb) =>
      eb.or([containsText("actor_name", search), containsText("action", search), containsText("subject", search)]),
    );
  }
  const rows = await query.execute();
  return { entries: rows.slice(0, AUDIT_PAGE_SIZE), older: rows.length > AUDIT_PAGE_SIZE ? rows[AUDIT_PAGE_SIZE - 1]!.id : null };
}

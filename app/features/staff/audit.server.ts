import { sql, type Kysely } from "kysely";
import { containsText } from "#app/lib/db/contains-text.server.ts";
import type { Database } from "#app/lib/db/schema.ts";

export const AUDIT_PAGE_SIZE = 50;

/** An audit line's subject names a person by their sign-in id (`person:<sub>`), which stays when their name or address changes. */
const PERSON_PREFIX = "person:";

/**
 * One page of the log, newest first; `before` is the id of the last line of the page before. Who
 * did a change is kept by name and email in the line itself; a person it was done to comes with
 * their name and email as they are now, and the search finds lines by those too.
 */
export async function auditPage(db: Kysely<Database>, { before, search }: { before?: string; search?: string }) {
  let query = db
    .selectFrom("audit_log")
    // substr on the log's side, so the join reads people by their key.
    .leftJoin("people as subject_person", (join) =>
      join
        .on("audit_log.subject", "like", `${PERSON_PREFIX}%`)
        .on("subject_person.sub", "=", sql<string>`substr(audit_log.subject, ${PERSON_PREFIX.length + 1})`),
    )
    .selectAll("audit_log")
    .select(["subject_person.name as subject_name", "subject_person.email as subject_email"])
    .orderBy("audit_log.id", "desc")
    .limit(AUDIT_PAGE_SIZE + 1);
  if (before) query = query.where("audit_log.id", "<", before);
  if (search) {
    query = query.where((eb) =>
      eb.or(
        ["audit_log.actor_name", "audit_log.action", "audit_log.subject", "subject_person.name", "subject_person.email"].map((column) =>
          containsText(column, search),
        ),
      ),
    );
  }
  const rows = await query.execute();
  return { entries: rows.slice(0, AUDIT_PAGE_SIZE), older: rows.length > AUDIT_PAGE_SIZE ? rows[AUDIT_PAGE_SIZE - 1]!.id : null };
}

import type { Kysely } from "kysely";
import { containsText } from "#app/lib/db/contains-text.server.ts";
import type { Database } from "#app/lib/db/schema.ts";

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

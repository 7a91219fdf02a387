import { sql, type Kysely, type Transaction } from "kysely";
import { raiseContentVersion } from "#app/lib/content-versions/content-versions.server.ts";
import type { ContentStatus, Database } from "#app/lib/db/schema.ts";
import type { StoredContent } from "#app/lib/content-versions/page-cache.ts";

/** How a staff change ended: its value, or why nothing was changed (the status the page answers with). */
export type EditResult<T = undefined> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string };

export const done = <T>(value: T): EditResult<T> => ({ ok: true, value });
export const refused = (status: 400 | 404 | 409, message: string): EditResult<never> => ({ ok: false, status, message });
export const notFound = (what: string) => refused(404, `There is no such ${what}. It may have been deleted: reload the page.`);

/**
 * Runs one staff change: the change, its audit line and the content's new version commit together,
 * and a refusal part-way leaves nothing of it.
 */
export async function staffChange<T>(
  db: Kysely<Database>,
  topic: StoredContent | null,
  work: (trx: Transaction<Database>) => Promise<EditResult<T>>,
): Promise<EditResult<T>> {
  const rollBack = Symbol("refused");
  let refusal: EditResult<T> | undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await work(trx);
      if (!result.ok) {
        refusal = result;
        throw rollBack;
      }
      if (topic) await raiseContentVersion(trx, topic);
      return result;
    });
  } catch (error) {
    if (error === rollBack && refusal) return refusal;
    throw error;
  }
}

type Ordered = "courses" | "course_listings" | "lessons" | "lesson_captions" | "quizzes" | "quiz_questions";

/**
 * The position after the last row of a list: of the whole table, or of the rows whose `column` is
 * `value` (a course's lessons, a listing's cards). `empty` is the position an empty list starts at.
 */
export async function endPosition(
  trx: Kysely<Database>,
  table: Ordered,
  where?: [column: string, value: string],
  empty = 0,
): Promise<number> {
  const filter = where ? sql`where ${sql.ref(where[0])} = ${where[1]}` : sql``;
  const { rows } = await sql<{
    position: number | string | null;
  }>`select max(position) as position from ${sql.table(table)} ${filter}`.execute(trx);
  const last = rows[0]?.position;
  return last === null || last === undefined ? empty : Number(last) + 1;
}

/** What can be done to a course's or quiz's status; also the audit log's word for it. */
export type StatusChange = "publish" | "unpublish" | "archive" | "restore";

/** The editor's `?saved=` word after each change of status. */
export const savedAfter: Record<StatusChange, string> = {
  publish: "published",
  unpublish: "unpublished",
  archive: "archived",
  restore: "restored",
};

/** Archiving puts away what a whole team made: its owners (and administrators) alone may do it, or undo it. */
export const ownersOnly = (change: StatusChange) => change === "archive" || change === "restore";

/**
 * The status a change leads to from `before`, or why it cannot be made: an archived course or quiz
 * is only restored (so nothing but a restore, which its owners alone may do, brings it back), and
 * only an archived one is.
 */
export function statusAfter(
  before: ContentStatus,
  change: StatusChange,
  what: "course" | "quiz",
): { ok: true; status: ContentStatus } | { ok: false; message: string } {
  if (change === "restore")
    return before === "archived" ? { ok: true, status: "draft" } : { ok: false, message: `The ${what} is not archived.` };
  if (before === "archived")
    return {
      ok: false,
      message: `The ${what} is archived: restore it before ${change === "archive" ? "archiving it again" : `you ${change} it`}.`,
    };
  return { ok: true, status: change === "publish" ? "published" : change === "archive" ? "archived" : "draft" };
}

const archivedText = (what: "course" | "quiz") => `The ${what} is archived: restore it before changing it.`;

const isStatusChange = (intent: unknown): intent is StatusChange =>
  intent === "publish" || intent === "unpublish" || intent === "archive" || intent === "restore";

/**
 * Why a change to an archived course or quiz (its text, lessons, questions, cards) is refused; null
 * when it is not archived. An archived one is a record of what learners took: it is restored first
 * (its owners' decision), then changed. Its team may still be changed, so that someone can restore
 * it. `intent`, a form's on the course's or quiz's own page: a change of its own status is left to
 * statusAfter, which says what an archived one allows.
 */
export async function archivedRefusal(
  db: Kysely<Database>,
  what: "course" | "quiz",
  slug: string,
  intent?: unknown,
): Promise<string | null> {
  if (isStatusChange(intent)) return null;
  const table = what === "course" ? "courses" : "quizzes";
  const row = await db.selectFrom(table).select("status").where("slug", "=", slug).executeTakeFirst();
  return row?.status === "archived" ? archivedText(what) : null;
}

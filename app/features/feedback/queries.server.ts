import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { raiseContentVersion } from "#app/lib/content-versions/content-versions.server.ts";
import { timeOrderedId } from "#app/lib/db/time-ordered-id.server.ts";
import type { NewFeedback } from "./schemas.ts";

export type FeedbackRow = Database["feedback_posts"];

/** Ids sort by age, so the primary key serves the wall's order and its keyset paging. */
const newFeedbackId = timeOrderedId;

export async function insertFeedback(
  db: Kysely<Database>,
  post: NewFeedback,
  author: { sub: string } | { tokenHash: string },
  now = new Date(),
): Promise<FeedbackRow> {
  const row: FeedbackRow = {
    id: newFeedbackId(now),
    ...post,
    created_at: now.toISOString(),
    author_sub: "sub" in author ? author.sub : null,
    author_token_hash: "tokenHash" in author ? author.tokenHash : null,
    hidden_at: null,
    hidden_by: null,
  };
  await changeWall(db, (trx) => trx.insertInto("feedback_posts").values(row).execute());
  return row;
}

/** Every change to the wall raises its version with it, so cached copies of the wall go out of date. */
function changeWall<T>(db: Kysely<Database>, change: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const work = async (trx: Kysely<Database>) => {
    const result = await change(trx);
    await raiseContentVersion(trx, "feedback");
    return result;
  };
  // Inside a moderator's transaction (with its audit line), it takes part in that one.
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Visible posts, newest first, older than the post `before` (an id) when given. */
export function listVisibleFeedback(db: Kysely<Database>, { before, limit }: { before?: string; limit: number }) {
  let query = db.selectFrom("feedback_posts").selectAll().where("hidden_at", "is", null);
  if (before) query = query.where("id", "<", before);
  return query.orderBy("id", "desc").limit(limit).execute();
}

export function findFeedback(db: Kysely<Database>, id: string): Promise<FeedbackRow | undefined> {
  return db.selectFrom("feedback_posts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Which posts a change may touch: any, or only a hidden one (the moderation queue's, lest a post shown meanwhile be changed). */
type Only = { onlyHidden?: boolean };

/** Says whether a post was deleted (false: it was already gone, or not hidden when `onlyHidden`). */
export async function deleteFeedback(db: Kysely<Database>, id: string, { onlyHidden = false }: Only = {}): Promise<boolean> {
  const result = await changeWall(db, (trx) =>
    trx
      .deleteFrom("feedback_posts")
      .where("id", "=", id)
      .$if(onlyHidden, (query) => query.where("hidden_at", "is not", null))
      .executeTakeFirst(),
  );
  return Number(result.numDeletedRows) > 0;
}

/** Hides a post from the wall (or shows it again); says whether it still exists. */
export async function setFeedbackHidden(
  db: Kysely<Database>,
  id: string,
  hiddenBy: string | null,
  { onlyHidden = false }: Only = {},
): Promise<boolean> {
  const result = await changeWall(db, (trx) =>
    trx
      .updateTable("feedback_posts")
      .set({ hidden_at: hiddenBy ? new Date().toISOString() : null, hidden_by: hiddenBy })
      .where("id", "=", id)
      .$if(onlyHidden, (query) => query.where("hidden_at", "is not", null))
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows) > 0;
}

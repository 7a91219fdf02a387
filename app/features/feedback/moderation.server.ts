import type { Kysely } from "kysely";
import { data, redirect } from "react-router";
import type { RequestServices } from "#app/context.ts";
import { actorOf, recordStaffAction } from "#app/lib/db/audit-log.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { readForm, unreadableForm, type FormResult } from "#app/lib/forms/form-submission.server.ts";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import { authorTokenHash } from "./author-token.server.ts";
import { deleteVerdict, isModerator } from "./permissions.server.ts";
import { deleteFeedback, findFeedback, setFeedbackHidden, type FeedbackRow } from "./queries.server.ts";
import { feedbackIdSchema, moderationSchema } from "./schemas.ts";
import { feedbackCard } from "./view.server.ts";

const notFound = () => data({ message: "This feedback does not exist, or it was deleted." }, { status: 404 });

/** The post behind `/feedback/:id`, as far as this person may see it; hidden posts only to their author and moderators. */
async function visiblePost(
  db: RequestServices["db"],
  id: string | undefined,
  user: SessionUser | null,
  request: Request,
): Promise<FeedbackRow> {
  const post = feedbackIdSchema.safeParse(id).success ? await findFeedback(db, id!) : undefined;
  if (!post) throw notFound();
  if (post.hidden_at && !deleteVerdict(post, user, authorTokenHash(request)).allowed) throw notFound();
  return post;
}

/** The close icon's page: the post and, for those who may, the button that deletes it. GET never deletes. */
export async function loadDeletePage({ db }: RequestServices, user: SessionUser | null, request: Request, id: string | undefined) {
  const post = await visiblePost(db, id, user, request);
  const verdict = deleteVerdict(post, user, authorTokenHash(request));
  const page = {
    post: feedbackCard(post),
    hidden: post.hidden_at !== null,
    moderator: isModerator(user),
    verdict,
    signedIn: user !== null,
  };
  return verdict.allowed ? page : data(page, { status: verdict.status });
}

const refused = (result: FormResult, status: number) => data<FormResult>(result, { status });

/**
 * A post to `/feedback/:id`: `intent=delete` for its author and moderators; `hide` and `show`
 * for moderators. Visitors without the author's token get 401, anyone else not allowed 403.
 */
export async function moderateFeedback({ db }: RequestServices, user: SessionUser | null, request: Request, id: string | undefined) {
  const form = await readForm(request, moderationSchema);
  if (!form) return refused(unreadableForm(), 400);
  const { submission } = form;
  if (submission.status !== "success") return refused(submission.reply(), 400);
  const { intent } = submission.value;
  const post = await visiblePost(db, id, user, request);
  if (intent === "delete") {
    const verdict = deleteVerdict(post, user, authorTokenHash(request));
    if (!verdict.allowed) return refused(submission.reply({ formErrors: [verdict.message] }), verdict.status);
    // Two deletes racing: the second finds nothing, as a later one would.
    if (!(await applyModeration(db, post, intent, user))) throw notFound();
    return redirect("/feedback?deleted=1", 303);
  }
  if (!isModerator(user)) {
    return refused(submission.reply({ formErrors: ["Only moderators can hide or show feedback."] }), user ? 403 : 401);
  }
  if (!(await applyModeration(db, post, intent, user!))) throw notFound();
  return redirect(intent === "hide" ? "/feedback" : `/feedback/${post.id}`, 303);
}

/**
 * Deletes, hides or shows a post once allowed; says whether it was still there. A moderator's change
 * is written to the audit log with it; an author deleting their own post is not staff work.
 */
async function applyModeration(
  db: Kysely<Database>,
  post: FeedbackRow,
  intent: "delete" | "hide" | "show",
  user: SessionUser | null,
  only: { onlyHidden?: boolean } = {},
) {
  const moderator = isModerator(user) && post.author_sub !== user!.sub ? actorOf(user!) : null;
  return db.transaction().execute(async (trx) => {
    const changed =
      intent === "delete"
        ? await deleteFeedback(trx, post.id, only)
        : await setFeedbackHidden(trx, post.id, intent === "hide" ? (user!.email ?? user!.name) : null, only);
    const { id: _id, ...record } = post;
    if (changed && moderator)
      await recordStaffAction(trx, moderator, { action: `feedback.${intent}`, subject: `feedback:${post.id}`, before: record });
    return changed;
  });
}

/** The moderation queue's page: hidden posts, most recently hidden first, with who hid them. */
export async function hiddenFeedbackPage(db: Kysely<Database>, page: number) {
  const rows = await db
    .selectFrom("feedback_posts")
    .selectAll()
    .where("hidden_at", "is not", null)
    .orderBy("hidden_at", "desc")
    .orderBy("id", "desc")
    .limit(HIDDEN_PAGE_SIZE + 1)
    .offset((page - 1) * HIDDEN_PAGE_SIZE)
    .execute();
  return {
    posts: rows.slice(0, HIDDEN_PAGE_SIZE).map((row) => ({ ...feedbackCard(row), hiddenAt: row.hidden_at!, hiddenBy: row.hidden_by })),
    more: rows.length > HIDDEN_PAGE_SIZE,
  };
}

export const HIDDEN_PAGE_SIZE = 20;

/**
 * A moderator's Show or Delete from the queue. "gone" when the post no longer exists, "not hidden"
 * when another moderator showed it meanwhile (nothing changed: the queue's page is out of date).
 */
export async function moderateHidden(db: Kysely<Database>, moderator: SessionUser, id: string, intent: "show" | "delete") {
  const post = feedbackIdSchema.safeParse(id).success ? await findFeedback(db, id) : undefined;
  if (!post) return "gone" as const;
  if (post.hidden_at === null) return "not hidden" as const;
  // Shown by a colleague between the read and the write: the write finds no hidden post and changes nothing.
  if (await applyModeration(db, post, intent, moderator, { onlyHidden: true })) return "done" as const;
  return (await findFeedback(db, id)) ? ("not hidden" as const) : ("gone" as const);
}

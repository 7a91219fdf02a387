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
  // A moderator's change is written to the audit log with it; an author deleting their own post is not staff work.
  const moderator = isModerator(user) && post.author_sub !== user!.sub ? actorOf(user!) : null;
  const audited = (action: string, change: (trx: Kysely<Database>) => Promise<boolean>) =>
    db.transaction().execute(async (trx) => {
      const changed = await change(trx);
      const { id: _id, ...record } = post;
      if (changed && moderator) await recordStaffAction(trx, moderator, { action, subject: `feedback:${post.id}`, before: record });
      return changed;
    });
  if (intent === "delete") {
    const verdict = deleteVerdict(post, user, authorTokenHash(request));
    if (!verdict.allowed) return refused(submission.reply({ formErrors: [verdict.message] }), verdict.status);
    // Two deletes racing: the second finds nothing, as a later one would.
    if (!(await audited("feedback.delete", (trx) => deleteFeedback(trx, post.id)))) throw notFound();
    return redirect("/feedback?deleted=1", 303);
  }
  if (!isModerator(user)) {
    return refused(submission.reply({ formErrors: ["Only moderators can hide or show feedback."] }), user ? 403 : 401);
  }
  const hiddenBy = intent === "hide" ? (user!.email ?? user!.name) : null;
  if (!(await audited(`feedback.${intent}`, (trx) => setFeedbackHidden(trx, post.id, hiddenBy)))) throw notFound();
  return redirect(intent === "hide" ? "/feedback" : `/feedback/${post.id}`, 303);
}

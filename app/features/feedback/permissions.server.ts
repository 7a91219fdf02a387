import type { SessionUser } from "#app/features/auth/index.server.ts";
import { isStaffFor, moderatorRoles } from "#app/features/auth/index.ts";
import type { FeedbackRow } from "./queries.server.ts";

/** Moderators and admins may remove or hide posts of others. */
export const isModerator = (user: SessionUser | null) => user !== null && isStaffFor(moderatorRoles, user.role);

export type DeleteVerdict = { allowed: true; as: "author" | "moderator" } | { allowed: false; status: 401 | 403; message: string };

/** Whether this person may delete the post: its author (account or browser token), or a moderator. */
export function deleteVerdict(post: FeedbackRow, user: SessionUser | null, tokenHash: string | null): DeleteVerdict {
  const byAccount = user !== null && post.author_sub === user.sub;
  const byToken = tokenHash !== null && post.author_token_hash === tokenHash;
  if (byAccount || byToken) return { allowed: true, as: "author" };
  if (isModerator(user)) return { allowed: true, as: "moderator" };
  if (!user) {
    return {
      allowed: false,
      status: 401,
      message:
        "Only the person who wrote this feedback, from the browser they wrote it in, or a moderator can delete it. If you wrote it while signed in, please sign in.",
    };
  }
  return { allowed: false, status: 403, message: "Only the person who wrote this feedback or a moderator can delete it." };
}

import type { RouterContextProvider } from "react-router";
import { requireRole } from "#app/features/auth/index.server.ts";
import { actorOf } from "#app/lib/db/audit-log.server.ts";
import { adminRoles, contentRoles, moderatorRoles } from "#app/features/auth/index.ts";

type Context = Readonly<RouterContextProvider>;

/** A teacher or administrator, as the audit log names them; a visitor signs in first, anyone else gets 403. */
export function requireContentStaff(context: Context, returnTo: string) {
  const { user, session } = requireRole(context, returnTo, contentRoles);
  return { user, session, actor: actorOf(user) };
}

/** An administrator, as the audit log names them. */
export function requireAdmin(context: Context, returnTo: string) {
  const { user } = requireRole(context, returnTo, adminRoles);
  return { user, actor: actorOf(user) };
}

/** A moderator or administrator: feedback and contact messages. */
export function requireModerator(context: Context, returnTo: string) {
  const { user } = requireRole(context, returnTo, moderatorRoles);
  return { user };
}

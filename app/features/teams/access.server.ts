import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import type { ForbiddenData } from "#app/features/auth/index.server.ts";
import { isStaffFor, adminRoles } from "#app/features/auth/index.ts";
import { requireContentStaff } from "#app/features/staff/index.server.ts";
import { accessTo, slugsOfTeamsOf } from "./teams.server.ts";
import { mayManageTeam, type ContentKind } from "./types.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * A teacher on this course's or quiz's team, or an administrator: who they are for the audit log
 * and what they may do. A visitor signs in first; anyone else gets 403, and nothing is changed.
 */
export async function requireTeamAccess(context: Context, kind: ContentKind, slug: string, returnTo: string) {
  const { user, actor, session } = requireContentStaff(context, returnTo);
  // Only an address the sign-in service vouched for: a look-alike unverified one gets nothing.
  const access = await accessTo(context.get(servicesContext).db, { role: user.role, trustedEmail: session.role_email }, kind, slug);
  if (!access) {
    throw data<ForbiddenData>(
      {
        message: `Only this ${kind}'s teachers can open this page. Its owners can add you to its team, or an administrator.`,
      },
      { status: 403 },
    );
  }
  return { user, actor, session, access };
}

/** An owner of this course or quiz, or an administrator: who may change its team. */
export async function requireTeamOwner(context: Context, kind: ContentKind, slug: string, returnTo: string) {
  const granted = await requireTeamAccess(context, kind, slug, returnTo);
  if (!mayManageTeam(granted.access)) {
    throw data<ForbiddenData>(
      { message: `Only this ${kind}'s owners, or an administrator, can change who is on its team.` },
      { status: 403 },
    );
  }
  return granted;
}

/**
 * A teacher or administrator about to create a course or quiz, and the address that becomes its
 * first owner: a teacher needs one their sign-in service vouched for, or they could not open
 * what they made; an administrator's creation may have no owner yet.
 */
export function requireCreator(context: Context, kind: ContentKind, returnTo: string) {
  const { user, actor, session } = requireContentStaff(context, returnTo);
  if (!session.role_email && !isStaffFor(adminRoles, user.role)) {
    throw data<ForbiddenData>(
      {
        message: `Your sign-in service did not confirm your email address, and a ${kind}'s team names its teachers by address. Ask an administrator to create it and add you.`,
      },
      { status: 403 },
    );
  }
  return { actor, owner: session.role_email };
}

/**
 * Which courses or quizzes a staff list shows this person: all of them to an administrator
 * (`everything`), else those whose team they are on.
 */
export async function visibleToStaff(context: Context, kind: ContentKind) {
  const { user, session } = requireContentStaff(context, kind === "course" ? "/staff/courses" : "/staff/quizzes");
  if (isStaffFor(adminRoles, user.role)) return { everything: true, visible: () => true };
  const mine = await slugsOfTeamsOf(context.get(servicesContext).db, kind, session.role_email);
  return { everything: false, visible: (slug: string) => mine.has(slug) };
}

import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Kysely } from "kysely";
import type { StaffActor } from "#app/lib/db/audit-log.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { problemsText, refuseForm, unconfirmed } from "#app/features/staff/index.server.ts";
import { teamMemberSchema } from "./schemas.ts";
import { putTeamMember, removeTeamMember } from "./teams.server.ts";
import { mayManageTeam, type ContentKind, type TeamAccess } from "./types.ts";

/** The team forms' intents, on a course's or a quiz's staff page. */
export const isTeamForm = (formData: FormData) => ["team-put", "team-remove"].includes(String(formData.get("intent")));

const editorPath = (kind: ContentKind, slug: string) => (kind === "course" ? `/staff/courses/${slug}` : `/staff/quizzes/${slug}`);

/** Adds, changes or removes a team member: owners and administrators only; anyone else 403, nothing stored. */
export async function submitTeamChange(
  formData: FormData,
  db: Kysely<Database>,
  { kind, slug, actor, access }: { kind: ContentKind; slug: string; actor: StaffActor; access: TeamAccess },
) {
  if (!mayManageTeam(access)) {
    return refuseForm("team", `Only this ${kind}'s owners, or an administrator, can change who is on its team.`, 403);
  }
  if (formData.get("intent") === "team-remove") {
    const email = String(formData.get("email") ?? "");
    const ask = unconfirmed(formData, {
      question: `Take ${email} off this ${kind}'s team?`,
      consequence: `They will no longer open or change this ${kind}. What they did stays, and an owner can add them again.`,
      confirmLabel: "Take them off the team",
    });
    if (ask) return ask;
    const removed = await removeTeamMember(db, actor, kind, slug, email);
    return removed.ok
      ? redirect(`${editorPath(kind, slug)}?saved=team-removed#team`, 303)
      : refuseForm("team", removed.message, removed.status);
  }
  const submission = parseWithZod(formData, { schema: teamMemberSchema });
  if (submission.status !== "success") return refuseForm("team", problemsText, 400, submission.reply());
  const saved = await putTeamMember(db, actor, kind, slug, submission.value);
  return saved.ok
    ? redirect(`${editorPath(kind, slug)}?saved=team#team`, 303)
    : refuseForm("team", saved.message, saved.status, submission.reply({ fieldErrors: { email: [saved.message] } }));
}

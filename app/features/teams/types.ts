/** What a team is for. */
export type ContentKind = "course" | "quiz";
export type TeamRole = "owner" | "teacher";

/** One person on a team, as its page lists them. */
export interface TeamMember {
  email: string;
  role: TeamRole;
  /** Their name once they have signed in; null before. */
  name: string | null;
  addedAt: string;
}

/** What the signed-in person may do with a course or quiz: administrators all, owners manage its team too. */
export type TeamAccess = "admin" | TeamRole;

export const mayManageTeam = (access: TeamAccess) => access === "admin" || access === "owner";

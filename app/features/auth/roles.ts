/** What a person may do on the site. Everyone starts as a student. */
export const roles = ["student", "teacher", "moderator", "admin"] as const;
export type Role = (typeof roles)[number];

export const isRole = (value: unknown): value is Role => roles.includes(value as Role);

/** Who moderates what the public writes (feedback) and reads the contact messages. */
export const moderatorRoles: readonly Role[] = ["moderator", "admin"];

/** Who publishes courses, lessons and quizzes. Moderators keep the moderation pages only. */
export const contentRoles: readonly Role[] = ["teacher", "admin"];

/** Who manages accounts, reads the audit log and exports the newsletter list. */
export const adminRoles: readonly Role[] = ["admin"];

export const isStaffFor = (allowed: readonly Role[], role: Role) => allowed.includes(role);

/** "You are signed in as …" */
export const roleNames: Record<Role, string> = {
  student: "a student",
  teacher: "a teacher",
  moderator: "a moderator",
  admin: "an administrator",
};

const plural: Record<Role, string> = { student: "students", teacher: "teachers", moderator: "moderators", admin: "administrators" };

/** "moderators and administrators" */
export function describeRoles(allowed: readonly Role[]): string {
  const names = allowed.map((role) => plural[role]);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "nobody");
}

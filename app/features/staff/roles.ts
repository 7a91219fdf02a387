import type { Role } from "#app/features/auth/index.ts";

/** Who publishes courses, lessons and quizzes. Moderators keep the moderation pages only. */
export const contentRoles: readonly Role[] = ["teacher", "admin"];

/** Who manages accounts, reads the audit log and exports the newsletter list. */
export const adminRoles: readonly Role[] = ["admin"];

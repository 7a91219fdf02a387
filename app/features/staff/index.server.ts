// What the features whose content staff edit (courses, quizzes) use of the staff area on the
// server: the audited change and the answer to a refused form. Only the shell's own helpers go
// here: they import no feature that imports them back.
export {
  done,
  endPosition,
  notFound,
  refused,
  staffChange,
  ownersOnly,
  archivedRefusal,
  savedAfter,
  statusAfter,
  type EditResult,
  type StatusChange,
} from "./staff-change.server.ts";
export { problemsText, refuseForm } from "./form-reply.server.ts";
export { requireAdmin, requireContentStaff } from "./access.server.ts";
export { currentRoleOf } from "./people-admin.server.ts";
export { unconfirmed } from "./confirmation.server.ts";

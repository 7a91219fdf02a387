// What the features whose content staff edit use of the staff area's look, in the browser too.
export { StatusBadge } from "./components/status-badge.tsx";
export { FormProblem } from "./components/form-problem.tsx";
export type { StaffFormReply } from "./form-reply.server.ts";
export { ConfirmationPanel } from "./components/confirmation-panel.tsx";
export { isConfirmation, splitConfirmation, type Confirmation } from "./confirmation.ts";
export { useLeaveReason } from "./components/leave-guard.tsx";

// What the features whose content staff edit use of the staff area's look, in the browser too.
export { StatusBadge } from "./components/status-badge.tsx";

// What other features use of the courses.
export { placedByHand } from "./media-paths.ts";

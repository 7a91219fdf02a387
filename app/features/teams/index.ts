// What other features use of course and quiz teams anywhere: who may manage a course or quiz.
export { mayManageTeam, type TeamAccess } from "./types.ts";

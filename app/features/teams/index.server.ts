// What other features use of course and quiz teams on the server: a new course's or quiz's first owner.
export { addFirstOwner } from "./teams.server.ts";

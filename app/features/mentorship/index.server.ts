// What other parts of the site use of mentorship on the server.
export { teamCardLinks } from "./mentors.server.ts";

// What other features use of the courses on the server.
export { courseCatalogue, type CourseCatalogue } from "./catalogue.server.ts";

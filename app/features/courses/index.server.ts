// What other features use of the courses on the server.
export { courseCatalogue, type CourseCatalogue } from "./catalogue.server.ts";
export { coursePagePersonalData } from "./course-progress.server.ts";
export { finishedLessonIds } from "./progress.server.ts";

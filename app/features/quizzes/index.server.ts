// What other features use of the quizzes on the server.
export { quizCatalogue, type QuizCatalogue } from "./catalogue.server.ts";
export { quizPagePersonalData } from "./progress.server.ts";

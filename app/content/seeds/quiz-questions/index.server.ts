import { questions as fullstack } from "./fullstack.server.ts";
import { questions as java } from "./java.server.ts";
import { questions as javascript } from "./javascript.server.ts";
import { questions as react } from "./react.server.ts";
import type { QuizQuestion } from "./types.ts";

export type { QuizQuestion };

/** Each quiz's questions with their answers, by quiz slug: server only. */
export const questionsByQuiz: Record<string, readonly QuizQuestion[]> = { java, fullstack, javascript, react };

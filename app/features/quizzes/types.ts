import type { QuizQuestion } from "../../content/quiz-questions/types.ts";

/** A question as the browser sees it: no answer. */
export type PublicQuestion = Omit<QuizQuestion, "answer">;

/** The form fields of an answer sheet: the question being answered, and `q.<id>` = option index ("" = no choice). */
export const CURRENT_FIELD = "current";
export const answerField = (questionId: string) => `q.${questionId}`;

/** What the quiz page's action answers. */
export type QuizActionResult =
  | { phase: "question"; answered: (number | null)[] }
  | { phase: "result"; score: number; total: number; attemptId: string | null }
  | { phase: "refused"; message: string };

/** Percentage = score × 100 / total, shown with at most two decimals. */
export const percentage = (score: number, total: number) => Math.round((score * 10000) / total) / 100;

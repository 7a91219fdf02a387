import type { QuizQuestion } from "#app/content/seeds/quiz-questions/types.ts";

/** A question as the browser sees it while answering: no answer, no explanation. */
export type PublicQuestion = Omit<QuizQuestion, "answer" | "explanation">;

/** The form fields of an answer sheet: the question being answered, and `q.<id>` = option index ("" = no choice). */
export const CURRENT_FIELD = "current";
export const answerField = (questionId: string) => `q.${questionId}`;

/** Stored attempts per learner and hour: far above honest use, a stop for scripts filling the database. */
export const ATTEMPTS_PER_HOUR = 60;

/** What the quiz page's action answers. */
export type QuizActionResult =
  | { phase: "question"; answered: (number | null)[] }
  | {
      phase: "result";
      score: number;
      total: number;
      /** How the attempt was kept: its id, not (a visitor), or not because the hourly limit was reached. */
      saved: { attemptId: string } | "visitor" | "limit-reached";
    }
  | { phase: "refused"; message: string };

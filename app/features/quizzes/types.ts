import type { QuizQuestion } from "#app/content/seeds/quiz-questions/types.ts";

/**
 * A formatted question's text as HTML that is safe to insert (question-text.server.ts): its first
 * line, the question's heading ("" when it starts with a list or code), and the blocks after it.
 */
export interface QuestionTextHtml {
  heading: string;
  body: string;
}

/** A question as the browser sees it while answering: no answer, no explanation, its formatted text as HTML. */
export type PublicQuestion = Omit<QuizQuestion, "answer" | "explanation" | "rich"> & { textHtml?: QuestionTextHtml };

/** The form fields of an answer sheet: the question being answered, and `q.<id>` = option index ("" = no choice). */
export const CURRENT_FIELD = "current";
/** Sent with a step the page's script posts only to keep a signed-in learner's place: nothing on the page changes. */
export const KEEP_PLACE_FIELD = "keep-place";
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

/** A learner's quiz in progress: the personal part of its page (app/lib/personal/). */
export interface QuizProgressView {
  signedIn: boolean;
  /** The choices made so far, by option index (null: none), question 1 first; empty when starting. */
  answered: (number | null)[];
}

/** Its name as personal data (app/personal-data.server.ts; the quiz page's `signedIn`). */
export const quizProgressData = "quiz-progress";

export const signedOutQuizProgress: QuizProgressView = { signedIn: false, answered: [] };

type ShownResult = Extract<QuizActionResult, { phase: "result" }>;

/**
 * The result a page's history entry keeps (`{ quizResult }` in its state), read back as what it
 * must be: history state outlives the page that wrote it, and anything else there is ignored.
 */
export function shownResult(state: unknown): ShownResult | undefined {
  if (typeof state !== "object" || state === null || !("quizResult" in state)) return undefined;
  const kept = state.quizResult;
  if (typeof kept !== "object" || kept === null || !("phase" in kept) || kept.phase !== "result") return undefined;
  if (!("score" in kept) || !("total" in kept) || !("saved" in kept)) return undefined;
  const { score, total, saved } = kept;
  if (typeof score !== "number" || typeof total !== "number") return undefined;
  const savedAs =
    saved === "visitor" || saved === "limit-reached"
      ? saved
      : typeof saved === "object" && saved !== null && "attemptId" in saved && typeof saved.attemptId === "string"
        ? { attemptId: saved.attemptId }
        : undefined;
  return savedAs === undefined ? undefined : { phase: "result", score, total, saved: savedAs };
}

import type { QuestionDraft } from "../editing/schemas.ts";

/** A file of questions read: every question, or every problem found (a file with any is stored in no part). */
export type ImportReading = { ok: true; questions: QuestionDraft[] } | { ok: false; problems: string[] };

/** The most problems listed: a file wrong throughout says so without a page of them. */
const MAX_LISTED_PROBLEMS = 20;

export function importReading(questions: QuestionDraft[], problems: string[]): ImportReading {
  if (problems.length) return { ok: false, problems: problems.slice(0, MAX_LISTED_PROBLEMS) };
  if (!questions.length) return { ok: false, problems: ["The file holds no questions."] };
  return { ok: true, questions };
}

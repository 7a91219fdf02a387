import type { QuestionDraft } from "../editing/schemas.ts";

/**
 * A file of questions read: the questions that can be imported, and every problem found, each with
 * its line. The teacher chooses to import the good ones or nothing when there are problems.
 */
export interface ImportReading {
  questions: QuestionDraft[];
  problems: string[];
}

export function importReading(questions: QuestionDraft[], problems: string[]): ImportReading {
  if (!questions.length && !problems.length) return { questions, problems: ["The file holds no questions."] };
  return { questions, problems };
}

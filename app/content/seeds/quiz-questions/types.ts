/**
 * A multiple-choice question as the spec names it (Question, Options, Answer).
 * Question files are `*.server.ts`: the answer key must never reach the browser.
 */
export interface QuizQuestion {
  /** Stable id, e.g. "java-07"; submissions name questions by it. */
  id: string;
  question: string;
  /** A short code listing the question refers to, shown as preformatted text. */
  code?: string;
  options: string[];
  /** Exactly one of `options`. */
  answer: string;
  /** Why the answer is right (and a tempting option wrong): shown in the review beside the right answer. Plain text, one to three sentences. */
  explanation: string;
}

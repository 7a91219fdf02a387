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
  /** The question as written with formatting (imported from another quiz system, or written in Markdown); `question` then holds its words. */
  rich?: RichText;
}

/** A question's text with formatting: its source, shown through the site's allow-list. */
export interface RichText {
  format: "markdown" | "html";
  source: string;
}

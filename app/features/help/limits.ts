// Kept apart from schemas.ts so the dialog's browser code does not carry zod.

/** Longer than any real question; the search engine has nothing to gain from more. */
export const HELP_QUESTION_MAX_LENGTH = 200;

/** Answers shown for one question: a handful to read, not a results page to scroll. */
export const HELP_MAX_ANSWERS = 5;

/** Where the assistant's page is, and the name of its question parameter (`/help?q=…`). */
export const HELP_PATH = "/help";
export const HELP_QUESTION_PARAM = "q";

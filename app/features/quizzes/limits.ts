// Kept apart from the quiz code and its schemas: the pages' browser code and the tests read one
// value, and zod stays out of the browser (docs/decisions/012-zod-kept-out-of-the-browser.md).

/** The spec's delay before the result's 'Well done!' alert. */
export const RESULT_ALERT_DELAY_SECONDS = 3;

/** The largest question file imported: thousands of questions fit in far less. */
export const QUIZ_IMPORT_MAX_KB = 512;

/** How many options a question has, at least and at most. */
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 6;

/** The longest a quiz's fields may be: its schema checks them, the forms' fields hold to them. */
export const QUIZ_TITLE_MAX_LENGTH = 80;
export const QUIZ_SLUG_MAX_LENGTH = 40;
export const COURSE_PATH_MAX_LENGTH = 200;

/** The longest a question's text, its code listing and each of its options may be. */
export const QUESTION_MAX_LENGTH = 1000;
/** How a question's text may be written, with the editor's name for each. */
export const questionFormatNames = { plain: "Plain text", markdown: "Markdown", html: "HTML" } as const;
/** A formatted question as written: its words within QUESTION_MAX_LENGTH, its markup and code besides. */
export const QUESTION_SOURCE_MAX_LENGTH = 8000;
export const CODE_MAX_LENGTH = 4000;
export const OPTION_MAX_LENGTH = 300;
export const EXPLANATION_MAX_LENGTH = 1000;

/** The columns a CSV of questions names in its first row (code may be added), in any order. */
export const QUIZ_CSV_COLUMNS = ["question", ...Array.from({ length: MAX_OPTIONS }, (_, index) => `option${index + 1}`), "answer"];

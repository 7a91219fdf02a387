import { z } from "zod";
import type { RichText } from "#app/content/seeds/quiz-questions/types.ts";
import { hasVisibleCharacter } from "#app/lib/text/text.ts";
import { readFormattedText } from "../formats/text-formats.server.ts";
import {
  CODE_MAX_LENGTH,
  COURSE_PATH_MAX_LENGTH,
  EXPLANATION_MAX_LENGTH,
  MAX_OPTIONS,
  MIN_OPTIONS,
  OPTION_MAX_LENGTH,
  QUESTION_MAX_LENGTH,
  QUESTION_SOURCE_MAX_LENGTH,
  questionFormatNames,
  QUIZ_SLUG_MAX_LENGTH,
  QUIZ_TITLE_MAX_LENGTH,
} from "../limits.ts";
import { requiredTextSchema } from "#app/lib/text/text-schemas.ts";

/** A question as staff write or import it: the answer is the text of one of the options. */
export interface QuestionDraft {
  question: string;
  code?: string;
  options: string[];
  answer: string;
  /** Why the answer is right, shown in the review (GIFT: an answer's `#` feedback). */
  explanation?: string;
  /** The question as written with formatting; `question` (and `code`) are then its words (and its code listing). */
  rich?: RichText;
}

/**
 * What is wrong with a question, in words a teacher understands; empty when it is right: a text,
 * 2 to 6 options that all differ, and exactly one of them the right answer.
 */
export function questionProblems(draft: QuestionDraft): string[] {
  const problems: string[] = [];
  // Only invisible characters (zero-width spaces, bidi controls) say nothing: an empty question.
  const question = hasVisibleCharacter(draft.question) ? draft.question.trim() : "";
  if (question.length < 5) problems.push("The question needs at least 5 characters.");
  if (question.length > QUESTION_MAX_LENGTH) problems.push(`The question can have at most ${QUESTION_MAX_LENGTH} characters.`);
  if ((draft.rich?.source.length ?? 0) > QUESTION_SOURCE_MAX_LENGTH)
    problems.push(`The question as written, its markup included, can have at most ${QUESTION_SOURCE_MAX_LENGTH} characters.`);
  if ((draft.code ?? "").length > CODE_MAX_LENGTH) problems.push(`The code can have at most ${CODE_MAX_LENGTH} characters.`);
  if ((draft.explanation ?? "").trim().length > EXPLANATION_MAX_LENGTH)
    problems.push(`The explanation can have at most ${EXPLANATION_MAX_LENGTH} characters.`);
  const options = draft.options.map((option) => option.trim());
  if (options.length < MIN_OPTIONS || options.length > MAX_OPTIONS) {
    problems.push(`A question has ${MIN_OPTIONS} to ${MAX_OPTIONS} options; this one has ${options.length}.`);
  }
  if (options.some((option) => !hasVisibleCharacter(option))) problems.push("An option is empty: give each option some text.");
  if (options.some((option) => option.length > OPTION_MAX_LENGTH))
    problems.push(`An option can have at most ${OPTION_MAX_LENGTH} characters.`);
  const seen = new Set<string>();
  for (const option of options) {
    const key = option.toLowerCase();
    if (seen.has(key)) problems.push(`The option "${option}" appears twice: options must all differ.`);
    seen.add(key);
  }
  const right = options.filter((option) => option === draft.answer.trim()).length;
  if (right !== 1) problems.push("Exactly one option must be the right answer.");
  return problems;
}

/** The quiz's own fields: its title and where "Watch Now" leads after the result. */
export const quizSettingsSchema = z.object({
  title: requiredTextSchema({ label: "The title", required: "The title is required.", min: 2, max: QUIZ_TITLE_MAX_LENGTH }),
  coursePath: z
    .string({ error: "Say which page Watch Now opens." })
    .trim()
    .regex(/^\/(?!\/)[\w\-/]*$/, "Give a page of this site, like /courses/java.")
    .max(COURSE_PATH_MAX_LENGTH, `The address can have at most ${COURSE_PATH_MAX_LENGTH} characters.`),
});

export const newQuizSchema = quizSettingsSchema.extend({
  slug: z
    .string({ error: "The address is required." })
    .trim()
    .toLowerCase()
    .min(2, "The address needs at least 2 characters.")
    .max(QUIZ_SLUG_MAX_LENGTH, `The address can have at most ${QUIZ_SLUG_MAX_LENGTH} characters.`)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens, like python."),
});

const isQuestionFormat = (format: string) => Object.hasOwn(questionFormatNames, format);

/** The question form: its text, optional code, up to six option fields (blank ones ignored) and the right one's number. */
export function readQuestionForm(form: FormData): { draft: QuestionDraft; problems: string[] } {
  const text = (name: string) => String(form.get(name) ?? "");
  const filled = Array.from({ length: MAX_OPTIONS }, (_, index) => ({ index, text: text(`option${index + 1}`).trim() })).filter((option) =>
    hasVisibleCharacter(option.text),
  );
  const correct = text("correct");
  const answer = filled.find((option) => String(option.index + 1) === correct)?.text ?? "";
  const explanation = text("explanation").trim();
  const format = text("format") || "plain";
  const code = text("code").replace(/\s+$/, "") || undefined;
  const written = text("question").trim();
  const early: string[] = [];
  if (!isQuestionFormat(format)) early.push("Choose how the question is written: plain text, Markdown or HTML.");
  if (format !== "plain" && code)
    early.push(
      "With Markdown or HTML, write the code in the question itself, as a code block; the code field is for plain-text questions.",
    );
  const rich: RichText | undefined = format === "markdown" || format === "html" ? { format, source: written } : undefined;
  const draft: QuestionDraft = {
    // A formatted question's words, for the places that show text alone (results, spreadsheets).
    question: rich ? readFormattedText(written, rich.format).text : written,
    ...(rich ? { rich } : { code }),
    options: filled.map((o) => o.text),
    answer,
    ...(hasVisibleCharacter(explanation) ? { explanation } : {}),
  };
  const problems = [...early, ...questionProblems(draft)];
  if (!answer && correct) problems.unshift("The option marked right is empty.");
  return { draft, problems: [...new Set(problems)] };
}

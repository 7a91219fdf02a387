// Moodle's GIFT format, read as Moodle's own importer reads it and written so that Moodle reads
// back the same questions (docs/decisions/020-gift-as-moodle-writes-it.md). A quiz here holds
// questions with one right answer among 2 to 6 options: multiple choice, true/false and
// missing-word questions (the blank shown where the answers were). Every other kind, and partial
// credit, is named with its line and left out.
import { questionProblems, type QuestionDraft } from "../editing/schemas.ts";
import { importReading, type ImportReading } from "./import-result.ts";
import type { RichText } from "#app/content/seeds/quiz-questions/types.ts";
import { escapeMarkdown, moodleAsHtml, readFormattedText, textFormats, type TextFormat } from "./text-formats.server.ts";

/** Where a missing-word question's answers were, as Moodle shows it. */
const MISSING_WORD_BLANK = "_____";

const escapable = "~=#{}:";

/** GIFT's escapes, as Moodle writes them: a backslash before \ ~ = # { } :, \n for a line break. */
const escapeGift = (text: string) =>
  text
    .replace(/\r/g, "")
    .replace(/[\\~=#{}:]/g, (c) => `\\${c}`)
    .replace(/\n/g, "\\n");

/** The text with GIFT's escapes undone: \~ \= \# \{ \} \: \\ and \n. */
function unescapeGift(text: string): string {
  return text.replace(/\\(.)/gs, (whole, c: string) => (c === "n" ? "\n" : escapable.includes(c) || c === "\\" ? c : whole));
}

/** Where `mark` first occurs unescaped in `text` from `from`, or -1. */
function findUnescaped(text: string, mark: string, from = 0): number {
  for (let index = from; index < text.length; index++) {
    if (text[index] === "\\") index += 1;
    else if (text.startsWith(mark, index)) return index;
  }
  return -1;
}

/** Where `mark` last occurs unescaped in `text`, or -1. */
function findLastUnescaped(text: string, mark: string): number {
  let last = -1;
  for (let at = findUnescaped(text, mark); at !== -1; at = findUnescaped(text, mark, at + mark.length)) last = at;
  return last;
}

/** `text` cut before each unescaped `mark`s (the pieces keep it), empty pieces left out. */
function splitBefore(text: string, marks: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === "\\") index += 1;
    else if (marks.includes(text[index]!)) {
      pieces.push(text.slice(start, index));
      start = index;
    }
  }
  pieces.push(text.slice(start));
  return pieces.filter((piece) => piece.trim() !== "");
}

/** `text` cut at its first unescaped `mark`s, at most `parts` pieces (Moodle's explode with a limit). */
function cutAt(text: string, mark: string, parts: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (pieces.length < parts - 1) {
    const at = findUnescaped(rest, mark);
    if (at === -1) break;
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at + mark.length);
  }
  return [...pieces, rest];
}

/** A text's format marker ([html], [markdown], [plain], [moodle]) and the text after it; else `inherited`. */
function withFormat(raw: string, inherited: TextFormat): { format: TextFormat; text: string } {
  const text = raw.trim();
  const marker = /^\[([a-z]+)\]/.exec(text);
  const named = marker?.[1] as TextFormat | undefined;
  if (marker && named && textFormats.includes(named)) return { format: named, text: text.slice(marker[0].length) };
  return { format: inherited, text };
}

/** An answer's or a feedback's words: its format read, its code (if any) after its words. */
function plainText(raw: string, inherited: TextFormat): string {
  const { format, text } = withFormat(raw, inherited);
  const read = readFormattedText(unescapeGift(text), format);
  return [read.text, ...read.code].filter(Boolean).join("\n");
}

type Block = { line: number; text: string };

/** The file's questions: runs of lines between blank lines, comments and category lines left out. */
function blocks(text: string): Block[] {
  const result: Block[] = [];
  let current: Block | null = null;
  for (const [index, line] of text
    .replace(/^\uFEFF/, "")
    .split(/\r\n|\r|\n/)
    .entries()) {
    if (/^\s*\/\//.test(line)) continue;
    if (/^\s*\$CATEGORY:/i.test(line)) {
      current = null;
      continue;
    }
    if (line.trim() === "") {
      // A blank line ends a question, unless its answers are still open.
      if (current && findUnescaped(current.text, "{") !== -1 && findUnescaped(current.text, "}") === -1) current.text += "\n";
      else current = null;
      continue;
    }
    if (!current) result.push((current = { line: index + 1, text: line }));
    else current.text += `\n${line}`;
  }
  return result;
}

/** An answer's weight as Moodle reads it (`%50%` is 0.5), and the rest of the answer. */
function weighed(answer: string): { weight: number | null; rest: string } {
  const weight = /^%(-?\d{1,3}(?:\.\d*)?)%/.exec(answer);
  return weight ? { weight: Number(weight[1]) / 100, rest: answer.slice(weight[0].length) } : { weight: null, rest: answer };
}

type Read = { ok: true; question: QuestionDraft } | { ok: false; problem: string };
const refuse = (problem: string): Read => ({ ok: false, problem });

function readBlock({ text: raw }: Block): Read {
  let text = raw.trim();
  if (text.startsWith("::")) {
    const end = findUnescaped(text, "::", 2);
    if (end === -1) return refuse("its title (::…::) is not closed.");
    text = text.slice(end + 2).trim();
  }
  const open = findUnescaped(text, "{");
  const close = open === -1 ? findUnescaped(text, "}") : findUnescaped(text, "}", open + 1);
  if (open === -1 && close === -1) return refuse("it has no answers in { }: Moodle reads it as a description, which is not a question.");
  if (open === -1 || close === -1) return refuse("its answers' { } are not both there.");
  const after = text.slice(close + 1).trim();
  // Text after the answers makes it a missing-word question: the blank shows where they were.
  const questionSource = after === "" ? text.slice(0, open) : `${text.slice(0, open)}${MISSING_WORD_BLANK}${text.slice(close + 1)}`;
  let answers = text.slice(open + 1, close).trim();
  const generalAt = findLastUnescaped(answers, "####");
  const generalSource = generalAt === -1 ? "" : answers.slice(generalAt + 4);
  if (generalAt !== -1) answers = answers.slice(0, generalAt).trim();

  const { format, text: questionText } = withFormat(questionSource, "moodle");
  const written = unescapeGift(questionText);
  const read = readFormattedText(written, format);
  // Formatting a plain question cannot hold is kept as written, and shown through the allow-list.
  const rich: RichText | undefined = !read.formatted
    ? undefined
    : format === "markdown"
      ? { format, source: written.trim() }
      : { format: "html", source: format === "moodle" ? moodleAsHtml(written) : written.trim() };
  if (!rich && read.code.length > 1) return refuse("its text holds more than one code listing; a question here shows one.");
  const base = { question: read.text, ...(rich ? { rich } : read.code[0] ? { code: read.code[0] } : {}) };
  const general = plainText(generalSource, format);
  const withExplanation = (draft: QuestionDraft, answerFeedback: string): QuestionDraft => {
    const explanation = general || answerFeedback;
    return explanation ? { ...draft, explanation } : draft;
  };

  // The kinds of question, told apart in Moodle's order.
  if (answers === "") return refuse("it is an essay question (empty { }); quizzes here are multiple choice.");
  if (answers.startsWith("#")) return refuse("it is a numerical question ({#…}); quizzes here are multiple choice.");
  if (findUnescaped(answers, "~") !== -1) return readMultipleChoice(answers, format, base, withExplanation);
  if (findUnescaped(answers, "=") !== -1 && findUnescaped(answers, "->") !== -1)
    return refuse("it is a matching question (=… -> …); quizzes here are multiple choice.");
  const [verdict = "", forWrong = "", forRight = ""] = cutAt(answers, "#", 3);
  const trueFalse = verdict.trim();
  if (["T", "TRUE", "F", "FALSE"].includes(trueFalse)) {
    const answer = trueFalse.startsWith("T") ? "True" : "False";
    return {
      ok: true,
      question: withExplanation(
        { ...base, options: ["True", "False"], answer },
        plainText(forRight, format) || plainText(forWrong, format),
      ),
    };
  }
  return refuse("it is a short-answer question (only = answers, typed in by the learner); give the wrong options with ~.");
}

function readMultipleChoice(
  answers: string,
  format: TextFormat,
  base: Pick<QuestionDraft, "question" | "code">,
  withExplanation: (draft: QuestionDraft, answerFeedback: string) => QuestionDraft,
): Read {
  const pieces = splitBefore(answers, "=~");
  if (!pieces.every((piece) => piece.startsWith("=") || piece.startsWith("~")))
    return refuse("each answer must start with = (right) or ~ (wrong).");
  const read = pieces.map((piece) => {
    const right = piece.startsWith("=");
    const { weight, rest } = weighed(piece.slice(1).trim());
    const [answer = "", feedback = ""] = cutAt(rest, "#", 2);
    return {
      weight: right ? (weight ?? 1) : (weight ?? 0),
      right,
      option: plainText(answer, format),
      feedback: plainText(feedback, format),
    };
  });
  if (read.length < 2) return refuse("a multiple-choice question needs at least 2 answers.");
  const full = read.filter((answer) => answer.weight === 1);
  const partial = read.find((answer) => answer.weight !== 0 && answer.weight !== 1);
  if (!read.some((answer) => answer.right) && read.filter((answer) => answer.weight > 0).length > 1) {
    return refuse("it is a multiple-answer question (several answers with weights); quizzes here have one right answer per question.");
  }
  if (partial) {
    return refuse(
      `it gives partial credit (${Math.round(partial.weight * 100)}% for “${partial.option}”); quizzes here score each question right or wrong.`,
    );
  }
  if (full.length !== 1) return refuse(`exactly one answer must be right (= or %100%); this question has ${full.length}.`);
  return {
    ok: true,
    question: withExplanation({ ...base, options: read.map((answer) => answer.option), answer: full[0]!.option }, full[0]!.feedback),
  };
}

/** The question's title in a problem, to find it in a long file. */
const titleOf = (block: Block) => /^::((?:\\.|[^:\\]|:(?!:))*)::/.exec(block.text.trim())?.[1]?.trim();

/** Reads a GIFT file: the questions a quiz here can hold, and each other one named with its line and why. */
export function readGift(text: string): ImportReading {
  const questions: QuestionDraft[] = [];
  const problems: string[] = [];
  for (const block of blocks(text)) {
    const title = titleOf(block);
    const at = `Line ${block.line}${title ? ` (${unescapeGift(title)})` : ""}:`;
    const read = readBlock(block);
    if (!read.ok) {
      problems.push(`${at} ${read.problem}`);
      continue;
    }
    const wrong = questionProblems(read.question);
    if (wrong.length) problems.push(`${at} ${wrong.join(" ")}`);
    else questions.push(read.question);
  }
  return importReading(questions, problems);
}

const isTrueFalse = (options: readonly string[]) => options.length === 2 && options[0] === "True" && options[1] === "False";

/** A question's text as GIFT: as written when formatted, else plain, or Markdown when it shows code (its words escaped so they read back the same). */
function questionText({ question, code, rich }: Pick<QuestionDraft, "question" | "code" | "rich">): string {
  if (rich) return `[${rich.format}]${escapeGift(rich.source)}`;
  if (!code) return `[plain]${escapeGift(question)}`;
  const fence = "`".repeat(Math.max(3, ...(code.match(/`+/g) ?? []).map((run) => run.length + 1)));
  return `[markdown]${escapeGift(`${escapeMarkdown(question)}\n\n${fence}\n${code}\n${fence}`)}`;
}

/** A quiz as GIFT that Moodle reads back as the same questions, and this site too. */
export function writeGift(quizTitle: string, questions: readonly (QuestionDraft & { id: string })[]): string {
  const header = `// ${quizTitle.replace(/\n/g, " ")} quiz: ${questions.length} questions, one right answer each.\n$CATEGORY: ${quizTitle.replace(/\n/g, " ")}\n`;
  const items = questions.map(({ id, question, code, options, answer, explanation, rich }) => {
    // As Moodle writes a question's general feedback: last, before the closing brace.
    const feedback = explanation ? `####[plain]${escapeGift(explanation)}` : "";
    const head = `::${escapeGift(id)}::${questionText({ question, code, rich })}`;
    if (isTrueFalse(options)) return `${head}{${answer === "True" ? "TRUE" : "FALSE"}${feedback}}\n`;
    const lines = options.map((option) => `\t${option === answer ? "=" : "~"}[plain]${escapeGift(option)}`);
    if (feedback) lines.push(`\t${feedback}`);
    return `${head}{\n${lines.join("\n")}\n}\n`;
  });
  return [header, ...items].join("\n");
}

import { questionProblems, type QuestionDraft } from "../editing/schemas.ts";
import { importReading, type ImportReading } from "./import-result.ts";

// Moodle's GIFT format, as far as this site's quizzes go: multiple-choice questions with one right
// answer ({=right ~wrong ~wrong}) and true/false ones ({T}, {F}). Other kinds (short answer,
// numeric, matching, essay, partial credit) are named in the problems, with their line. A
// question's explanation is its general feedback (`####…` before the closing brace), else the right
// answer's own feedback (`=right#…`; for true/false the second `#…`, Moodle's feedback for a right answer).

const special = "~=#{}:";

const escapeGift = (text: string) => text.replace(/[\\~=#{}:]/g, (c) => `\\${c}`).replace(/\n/g, "\\n");

/** The text with GIFT's escapes undone: \~ \= \# \{ \} \: \\ and \n. */
function unescapeGift(text: string): string {
  return text.replace(/\\(.)/g, (whole, c: string) => (c === "n" ? "\n" : special.includes(c) || c === "\\" ? c : whole));
}

/** Where `char` first occurs unescaped in `text` from `from`, or -1. */
function findUnescaped(text: string, char: string, from = 0): number {
  for (let index = from; index < text.length; index++) {
    if (text[index] === "\\") index += 1;
    else if (text.startsWith(char, index)) return index;
  }
  return -1;
}

/** `text` cut at each unescaped character of `separators`, each piece keeping the separator it starts with. */
function splitUnescaped(text: string, separators: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === "\\") index += 1;
    else if (separators.includes(text[index]!)) {
      pieces.push(text.slice(start, index));
      start = index;
    }
  }
  pieces.push(text.slice(start));
  return pieces.filter((piece) => piece.trim() !== "");
}

/** The text format a question or feedback may start with (`[html]`, `[markdown]`…). */
const formatMarker = /^\s*\[(html|moodle|plain|markdown)\]/i;

/** A question text's format marker is dropped; a [markdown] text's indented block is its code listing. */
function questionAndCode(raw: string): { question: string; code?: string } {
  const format = formatMarker.exec(raw);
  const text = format ? raw.slice(format[0].length) : raw;
  if (format?.[1]?.toLowerCase() === "markdown") {
    const lines = unescapeGift(text).split("\n");
    const codeStart = lines.findIndex((line, index) => index > 0 && line.startsWith("    ") && lines[index - 1]!.trim() === "");
    if (codeStart > 0) {
      return {
        question: lines.slice(0, codeStart).join("\n").trim(),
        code: lines
          .slice(codeStart)
          .map((line) => line.replace(/^ {4}/, ""))
          .join("\n")
          .replace(/\s+$/, ""),
      };
    }
  }
  return { question: unescapeGift(text).replace(/\s+/g, " ").trim() };
}

type Block = { line: number; text: string };

/** The file's questions: blocks of lines between blank lines, comments and category lines left out. */
function blocks(text: string): Block[] {
  const result: Block[] = [];
  let current: Block | null = null;
  for (const [index, line] of text
    .replace(/^\uFEFF/, "")
    .split(/\r\n|\r|\n/)
    .entries()) {
    if (/^\s*\/\//.test(line) || /^\s*\$CATEGORY:/i.test(line)) continue;
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

function readBlock({ line, text }: Block): QuestionDraft | string {
  const at = `Line ${line}:`;
  let body = text.trim();
  if (body.startsWith("::")) {
    const end = findUnescaped(body, "::", 2);
    if (end === -1) return `${at} the title (::…::) is not closed.`;
    body = body.slice(end + 2);
  }
  const open = findUnescaped(body, "{");
  if (open === -1) return `${at} this question has no answers in { }.`;
  const close = findUnescaped(body, "}", open + 1);
  if (close === -1) return `${at} the answers' { is never closed by }.`;
  const { question, code } = questionAndCode(`${body.slice(0, open)} ${body.slice(close + 1)}`.trim());
  const inBraces = body.slice(open + 1, close);
  const general = findUnescaped(inBraces, "####");
  const answers = (general === -1 ? inBraces : inBraces.slice(0, general)).trim();
  const generalFeedback = general === -1 ? "" : feedbackText(inBraces.slice(general + 4));
  const withExplanation = (draft: QuestionDraft, answerFeedback: string): QuestionDraft => {
    const explanation = generalFeedback || answerFeedback;
    return explanation ? { ...draft, explanation } : draft;
  };

  const trueFalse = /^(T|TRUE|F|FALSE)\s*(#.*)?$/is.exec(answers);
  if (trueFalse) {
    const [forWrong = "", forRight = ""] = splitUnescaped(trueFalse[2] ?? "", "#").map((piece) => feedbackText(piece.slice(1)));
    const answer = trueFalse[1]!.toUpperCase().startsWith("T") ? "True" : "False";
    return withExplanation({ question, code, options: ["True", "False"], answer }, forRight || forWrong);
  }
  if (answers === "") return `${at} an essay question (empty { }) cannot be imported: quizzes here are multiple-choice.`;
  if (answers.startsWith("#")) return `${at} a numeric question cannot be imported: quizzes here are multiple-choice.`;
  if (findUnescaped(answers, "->") !== -1) return `${at} a matching question cannot be imported: quizzes here are multiple-choice.`;
  const pieces = splitUnescaped(answers, "=~");
  if (!pieces.every((piece) => piece.startsWith("=") || piece.startsWith("~")))
    return `${at} each answer must start with = (right) or ~ (wrong).`;
  if (!pieces.some((piece) => piece.startsWith("~"))) {
    return `${at} a short-answer question (only = answers) cannot be imported: give the wrong options with ~.`;
  }
  if (pieces.some((piece) => /^[=~]\s*%-?\d+(\.\d+)?%/.test(piece))) {
    return `${at} answers with weights (%50%) cannot be imported: exactly one answer is right here.`;
  }
  const read = pieces.map((piece) => {
    const feedback = findUnescaped(piece, "#", 1);
    return {
      right: piece.startsWith("="),
      option: unescapeGift((feedback === -1 ? piece : piece.slice(0, feedback)).slice(1)).trim(),
      feedback: feedback === -1 ? "" : feedbackText(piece.slice(feedback + 1)),
    };
  });
  const right = read.filter((answer) => answer.right);
  if (right.length !== 1) return `${at} exactly one answer must start with = (this question has ${right.length}).`;
  return withExplanation({ question, code, options: read.map((answer) => answer.option), answer: right[0]!.option }, right[0]!.feedback);
}

/** A feedback's text: its format marker dropped, escapes undone, spaces and lines joined as in a question. */
function feedbackText(raw: string): string {
  return unescapeGift(raw.replace(formatMarker, "")).replace(/\s+/g, " ").trim();
}

/** Reads a GIFT file: all its questions, or every problem with its line number. */
export function readGift(text: string): ImportReading {
  const questions: QuestionDraft[] = [];
  const problems: string[] = [];
  for (const block of blocks(text)) {
    const read = readBlock(block);
    if (typeof read === "string") {
      problems.push(read);
      continue;
    }
    const wrong = questionProblems(read);
    if (wrong.length) problems.push(`Line ${block.line}: ${wrong.join(" ")}`);
    else questions.push(read);
  }
  return importReading(questions, problems);
}

/** A quiz as GIFT, for Moodle or for editing elsewhere and importing again. */
export function writeGift(quizTitle: string, questions: readonly (QuestionDraft & { id: string })[]): string {
  const header = `// ${quizTitle} quiz: ${questions.length} questions, one right answer each.\n$CATEGORY: ${quizTitle.replace(/\n/g, " ")}\n`;
  const items = questions.map(({ id, question, code, options, answer, explanation }) => {
    const text = code
      ? `[markdown]${escapeGift(question)}\\n\\n${code
          .split("\n")
          .map((line) => `    ${escapeGift(line)}`)
          .join("\\n")}`
      : escapeGift(question);
    const lines = options.map((option) => `\t${option === answer ? "=" : "~"}${escapeGift(option)}`);
    // As Moodle writes a question's general feedback.
    if (explanation) lines.push(`\t####${escapeGift(explanation)}`);
    return `::${escapeGift(id)}:: ${text} {\n${lines.join("\n")}\n}\n`;
  });
  return [header, ...items].join("\n");
}

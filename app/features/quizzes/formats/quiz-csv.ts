import { parse } from "csv-parse/sync";
import { MAX_OPTIONS, QUIZ_CSV_COLUMNS } from "../limits.ts";
import { questionProblems, type QuestionDraft } from "../editing/schemas.ts";
import { importReading, type ImportReading } from "./import-result.ts";

const optionColumns = Array.from({ length: MAX_OPTIONS }, (_, index) => `option${index + 1}`);

const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

/**
 * Reads questions from CSV with a header row naming the columns question, option1 … option6 and
 * answer (and code and explanation, optionally), in any order. The answer is the right option's text or its number
 * (1 to 6); blank options are left out. Every problem is reported with the line its row starts on.
 */
export function readQuizCsv(text: string): ImportReading {
  let rows: { record: string[]; raw: string }[];
  try {
    rows = parse(text, { bom: true, raw: true, skip_empty_lines: true, relax_column_count: true }) as unknown as {
      record: string[];
      raw: string;
    }[];
  } catch (error) {
    return { questions: [], problems: [`The file is not valid CSV: ${(error as Error).message}`] };
  }
  // Counted from each row's raw text (with the empty lines skipped before it): a row may span lines inside quotes.
  let nextLine = 1;
  const numbered = rows.map(({ record, raw }) => {
    const line = nextLine + lineBreaks(raw.match(/^[\r\n]*/)![0]);
    nextLine += lineBreaks(raw);
    return { line, cells: record.map((cell) => cell.trim()) };
  });
  const [header, ...body] = numbered;
  if (!header) return { questions: [], problems: ["The file is empty."] };
  const names = header.cells.map((cell) => cell.toLowerCase().replace(/\s+/g, ""));
  const missing = ["question", "option1", "option2", "answer"].filter((column) => !names.includes(column));
  if (missing.length) {
    return {
      questions: [],
      problems: [
        `Line ${header.line}: the first row must name the columns (${QUIZ_CSV_COLUMNS.join(", ")}); ${missing.join(", ")} missing.`,
      ],
    };
  }
  const column = (cells: string[], name: string) => {
    const index = names.indexOf(name);
    return index === -1 ? "" : (cells[index] ?? "");
  };
  const questions: QuestionDraft[] = [];
  const problems: string[] = [];
  for (const { line, cells } of body) {
    const options = optionColumns.map((name) => column(cells, name)).filter((option) => option !== "");
    const given = column(cells, "answer");
    const byNumber = /^[1-6]$/.test(given) ? column(cells, `option${given}`) : "";
    const draft: QuestionDraft = {
      question: column(cells, "question"),
      code: column(cells, "code") || undefined,
      options,
      answer: options.includes(given) ? given : byNumber || given,
      ...(column(cells, "explanation").trim() ? { explanation: column(cells, "explanation").trim() } : {}),
    };
    const wrong = questionProblems(draft);
    if (wrong.length) problems.push(`Line ${line}: ${wrong.join(" ")}`);
    else questions.push(draft);
  }
  return importReading(questions, problems);
}

import type { QuizQuestion } from "#app/content/seeds/quiz-questions/types.ts";
import { answerField, CURRENT_FIELD } from "./types.ts";

type SheetReading =
  /** Choices so far (null = nothing chosen); the quiz goes on at question `answered.length + 1`. */
  | { kind: "next"; answered: (number | null)[] }
  | { kind: "finished"; choices: (number | null)[]; score: number }
  | { kind: "refused"; message: string };

/**
 * Reads a posted answer sheet. Each Next posts the choices so far plus the current
 * question, so the quiz also works without JavaScript; with it, only the last Next posts.
 * Anything that names a question or option the quiz does not have, skips a question or
 * repeats one, is refused as a whole.
 */
export function readAnswerSheet(quizTitle: string, questions: readonly Omit<QuizQuestion, "explanation">[], form: FormData): SheetReading {
  const refuse = (detail: string): SheetReading => ({
    kind: "refused",
    message: `This answer sheet does not fit the ${quizTitle} quiz: ${detail} Nothing was recorded; please start the quiz again.`,
  });

  const known = new Set(questions.map((question) => answerField(question.id)));
  for (const key of form.keys()) {
    if (key.startsWith("q.") && !known.has(key)) return refuse(`it names a question the quiz does not have (${key.slice(2, 40)}).`);
  }
  const currentValues = form.getAll(CURRENT_FIELD);
  const currentIndex = questions.findIndex((question) => question.id === currentValues[0]);
  if (currentValues.length !== 1 || currentIndex === -1) return refuse("it does not say which question is being answered.");

  const choices: (number | null)[] = [];
  for (const [index, question] of questions.entries()) {
    const values = form.getAll(answerField(question.id));
    if (index > currentIndex) {
      if (values.length > 0) return refuse(`it answers question ${index + 1} before its turn.`);
      continue;
    }
    if (values.length > 1) return refuse(`it answers question ${index + 1} twice.`);
    // Earlier questions always carry a field ("" when nothing was chosen); the current one may have none.
    if (values.length === 0 && index < currentIndex) return refuse(`it skips question ${index + 1}.`);
    const value = values[0] ?? "";
    if (value === "") {
      choices.push(null);
      continue;
    }
    if (typeof value !== "string" || !/^\d{1,2}$/.test(value) || Number(value) >= question.options.length) {
      return refuse(`question ${index + 1} has no such option.`);
    }
    choices.push(Number(value));
  }

  if (currentIndex < questions.length - 1) return { kind: "next", answered: choices };
  const score = choices.filter((choice, index) => choice !== null && questions[index]!.options[choice] === questions[index]!.answer).length;
  return { kind: "finished", choices, score };
}

import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import type { KeptAnswer } from "./kept-place.ts";

interface KeptQuestion {
  id: string;
  question: string;
  options: string[];
  answer: string;
}

export interface OptionCount {
  option: string;
  right: boolean;
  chosen: number;
}

export interface QuestionAnalysis {
  /** Its place in the quiz as it is now (1 first), or null for a question since changed or removed. */
  number: number | null;
  question: string;
  /** Finished attempts that were asked it. */
  asked: number;
  right: number;
  /** Left without an answer. */
  blank: number;
  /** The share of attempts that answered it right (0 to 1): the lower, the harder; null while no attempt was asked it. */
  facility: number | null;
  /** Every option, the right one marked, with how many chose it: a wrong option many choose is a misconception to teach. */
  options: OptionCount[];
}

/**
 * Per question of a quiz, from every finished attempt of a signed-in learner: how many were asked
 * it, answered it right or left it blank, and how many chose each option. Each attempt is counted
 * against the questions it was scored on (kept with it), so an edited question's old answers count
 * for its old text, not the new one.
 */
export async function questionAnalysis(db: Kysely<Database>, quizSlug: string): Promise<QuestionAnalysis[]> {
  const [current, attempts] = await Promise.all([
    db
      .selectFrom("quiz_questions")
      .select(["id", "question", "options", "answer"])
      .where("quiz_slug", "=", quizSlug)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db.selectFrom("quiz_attempts").select(["answers", "questions"]).where("quiz_slug", "=", quizSlug).execute(),
  ]);
  // A question is the same one while its text and right answer are: a corrected answer counts afresh.
  const keyOf = (question: { id: string; question: string; answer: string }) => `${question.id}\n${question.question}\n${question.answer}`;
  const numberOf = new Map(current.map((question, index) => [keyOf(question), index + 1]));
  type Entry = { asked: number; right: number; blank: number; answer: string; question: string; chosen: Map<string, number> };
  const entryOf = (question: KeptQuestion): Entry => ({
    asked: 0,
    right: 0,
    blank: 0,
    answer: question.answer,
    question: question.question,
    chosen: new Map(question.options.map((option) => [option, 0])),
  });
  // Every question of the quiz as it is now, answered yet or not; then those attempts were asked.
  const found = new Map<string, Entry>(
    current.map((question) => [keyOf(question), entryOf({ ...question, options: JSON.parse(question.options) as string[] })]),
  );
  for (const attempt of attempts) {
    if (attempt.questions === null) continue; // kept before attempts kept their questions: nothing to count against
    const choices = new Map((JSON.parse(attempt.answers) as KeptAnswer[]).map((answer) => [answer.question, answer.choice]));
    for (const question of JSON.parse(attempt.questions) as KeptQuestion[]) {
      const key = keyOf(question);
      let entry = found.get(key);
      if (!entry) {
        entry = entryOf(question);
        found.set(key, entry);
      }
      // Options as first met; one added by a later edit of the same text joins the list.
      for (const option of question.options) if (!entry.chosen.has(option)) entry.chosen.set(option, 0);
      const choice = choices.get(question.id) ?? null;
      entry.asked += 1;
      if (choice === null) entry.blank += 1;
      else entry.chosen.set(choice, (entry.chosen.get(choice) ?? 0) + 1);
      if (choice === question.answer) entry.right += 1;
    }
  }
  return [...found.entries()]
    .map(([key, entry]) => ({
      number: numberOf.get(key) ?? null,
      question: entry.question,
      asked: entry.asked,
      right: entry.right,
      blank: entry.blank,
      facility: entry.asked ? entry.right / entry.asked : null,
      options: [...entry.chosen].map(([option, chosen]) => ({ option, right: option === entry.answer, chosen })),
    }))
    .sort((a, b) => (a.number ?? Infinity) - (b.number ?? Infinity) || (a.facility ?? 1) - (b.facility ?? 1));
}

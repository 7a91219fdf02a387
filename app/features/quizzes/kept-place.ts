// A learner's place in a quiz as it is kept between visits: on the server for a signed-in learner
// (progress.server.ts), in the browser for a visitor (place-in-browser.ts). Both keep it the same way.

/** A choice as kept (a place in a quiz, a finished attempt): the question's id and the option's text (null for none), so a reordered option keeps its answer. */
export interface KeptAnswer {
  question: string;
  choice: string | null;
}

type Question = { id: string; options: readonly string[] };

/** The choices so far (option indexes, null for none, question 1 first) as they are kept. */
export function keptAnswers(questions: readonly Question[], answered: readonly (number | null)[]): KeptAnswer[] {
  return answered.map((choice, index) => {
    const question = questions[index]!;
    return { question: question.id, choice: choice === null ? null : question.options[choice]! };
  });
}

/** Whether a value read back (JSON from storage) is a list of kept answers. */
export function isKeptAnswers(value: unknown): value is KeptAnswer[] {
  return (
    Array.isArray(value) &&
    value.every(
      (answer: unknown) =>
        typeof answer === "object" &&
        answer !== null &&
        "question" in answer &&
        typeof answer.question === "string" &&
        "choice" in answer &&
        (answer.choice === null || typeof answer.choice === "string"),
    )
  );
}

/**
 * The kept choices as option indexes of the quiz as it is now. Kept choices count only while they
 * still fit: the same questions in the same order, each chosen option still there. A quiz edited
 * since keeps what still fits, and the learner goes on from there.
 */
export function answeredSoFar(questions: readonly Question[], kept: readonly KeptAnswer[]): (number | null)[] {
  const answered: (number | null)[] = [];
  // Never all of them: a finished attempt is scored and forgotten, so the last question is still to answer.
  for (const [index, answer] of kept.slice(0, questions.length - 1).entries()) {
    const question = questions[index]!;
    if (answer.question !== question.id) break;
    const choice = answer.choice === null ? null : question.options.indexOf(answer.choice);
    if (choice === -1) break;
    answered.push(choice);
  }
  return answered;
}

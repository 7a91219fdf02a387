// A visitor's place in a quiz, kept in this browser (localStorage) so a reload, Back or another
// page does not start the quiz again. Signed in, the place is kept on the server instead.
import type { PublicQuestion } from "./types.ts";

interface KeptPlace {
  /** The ids of the questions answered, in order: a quiz edited since keeps only what still fits. */
  questions: string[];
  answered: (number | null)[];
}

const storageKey = (quizSlug: string) => `quiz-place:${quizSlug}`;

/** Storage can be refused (a private window, a full quota): the quiz then works as without it. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function keepPlaceInBrowser(quizSlug: string, questions: readonly PublicQuestion[], answered: readonly (number | null)[]) {
  const place: KeptPlace = { questions: questions.slice(0, answered.length).map((question) => question.id), answered: [...answered] };
  try {
    storage()?.setItem(storageKey(quizSlug), JSON.stringify(place));
  } catch {
    // Full or refused: the place is simply not kept.
  }
}

export function forgetPlaceInBrowser(quizSlug: string) {
  storage()?.removeItem(storageKey(quizSlug));
}

/** The choices kept for this quiz that still fit its questions (never all of them: the last is still to answer). */
export function placeInBrowser(quizSlug: string, questions: readonly PublicQuestion[]): (number | null)[] {
  let kept: Partial<KeptPlace>;
  try {
    kept = JSON.parse(storage()?.getItem(storageKey(quizSlug)) ?? "{}") as Partial<KeptPlace>;
  } catch {
    return [];
  }
  const answered: (number | null)[] = [];
  const ids = Array.isArray(kept.questions) ? kept.questions : [];
  const choices = Array.isArray(kept.answered) ? kept.answered : [];
  for (let index = 0; index < Math.min(ids.length, choices.length, questions.length - 1); index++) {
    const question = questions[index]!;
    const choice = choices[index];
    const fits = choice === null || (Number.isInteger(choice) && choice! >= 0 && choice! < question.options.length);
    if (ids[index] !== question.id || !fits) break;
    answered.push(choice ?? null);
  }
  return answered;
}

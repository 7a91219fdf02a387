// A visitor's place in a quiz, kept in this browser (localStorage) so a reload, Back or another
// page does not start the quiz again. Signed in, the place is kept on the server instead.
import { answeredSoFar, isKeptAnswers, keptAnswers } from "./kept-place.ts";
import type { PublicQuestion } from "./types.ts";

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
  try {
    storage()?.setItem(storageKey(quizSlug), JSON.stringify(keptAnswers(questions, answered)));
  } catch {
    // Full or refused: the place is simply not kept.
  }
}

export function forgetPlaceInBrowser(quizSlug: string) {
  storage()?.removeItem(storageKey(quizSlug));
}

/** The choices kept for this quiz that still fit its questions. */
export function placeInBrowser(quizSlug: string, questions: readonly PublicQuestion[]): (number | null)[] {
  let kept: unknown;
  try {
    kept = JSON.parse(storage()?.getItem(storageKey(quizSlug)) ?? "[]");
  } catch {
    return [];
  }
  return isKeptAnswers(kept) ? answeredSoFar(questions, kept) : [];
}

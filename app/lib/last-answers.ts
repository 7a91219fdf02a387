import { RecentlyUsed } from "./recently-used.ts";

/**
 * `answer`, remembering its answers to the texts asked most recently (`kept` at most): for a pure
 * function asked the same few texts on every request (a Host header). What it answers is shared
 * between callers, so it must not be changed; undefined is never an answer.
 */
export function lastAnswers<T extends NonNullable<unknown> | null>(answer: (text: string) => T, kept = 64): (text: string) => T {
  const answers = new RecentlyUsed<string, T>(kept);
  return (text) => {
    let result = answers.get(text);
    if (result === undefined) answers.set(text, (result = answer(text)));
    return result;
  };
}

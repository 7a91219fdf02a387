/**
 * `answer`, remembering its answers to the last texts asked (up to `kept` of them, all forgotten
 * at once when full): for a pure function asked the same few texts on every request (a Host
 * header). What it answers is shared between callers, so it must not be changed.
 */
export function lastAnswers<T>(answer: (text: string) => T, kept = 64): (text: string) => T {
  const answers = new Map<string, T>();
  return (text) => {
    if (answers.has(text)) return answers.get(text) as T;
    if (answers.size >= kept) answers.clear();
    const result = answer(text);
    answers.set(text, result);
    return result;
  };
}

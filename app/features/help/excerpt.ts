import { searchTerm, tokens } from "./terms.ts";

const EXCERPT_MAX_LENGTH = 220;

/** Cuts text at a word boundary so it stays within `max` characters, marking the cut. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

/**
 * The part of a text to show under an answer: the sentence that holds most of the matched
 * terms (and the one after it when there is room), else the opening sentence. Our own words, never rewritten.
 */
export function excerpt(text: string, matchedTerms: readonly string[], max = EXCERPT_MAX_LENGTH): string {
  const sentences = text.split(/(?<=[.!?])\s+/).filter(Boolean);
  const wanted = new Set(matchedTerms);
  let best = 0;
  let bestHits = 0;
  sentences.forEach((sentence, index) => {
    const hits = new Set(
      tokens(sentence)
        .map(searchTerm)
        .filter((term) => term !== null && wanted.has(term)),
    ).size;
    if (hits > bestHits) [best, bestHits] = [index, hits];
  });
  let chosen = sentences[best] ?? text;
  const next = sentences[best + 1];
  if (next && chosen.length + 1 + next.length <= max) chosen = `${chosen} ${next}`;
  return shorten(chosen, max);
}

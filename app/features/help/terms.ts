/**
 * How questions and content are cut into search terms. The same rules apply to both sides,
 * so "How do I register?" looks for "register", and "quizzes" finds "quiz".
 */

/** Words that say how a question is asked, not what it is about. */
const stopWords = new Set(
  `a about after all am an and any are as at be been before being but by can cannot could did do does doing
   for from get go going got had has have having he her here hers him his how i if in into is it its
   just me might more most must my need needs no not now of off on once only or our ours out over please
   she should so some such than that the their them then there these they this those through to too
   under until up us very want wants was we were what when which while who whom why will with
   would you your yours yourself tell know help find show give use using way ways dont cant im ive id`.split(/\s+/),
);

/**
 * A light English folding: plural and possessive endings, so singular and plural meet.
 * Not a full stemmer on purpose: "registration" stays apart from "register" (topics carry both words).
 */
function fold(word: string): string {
  if (word.endsWith("'s") || word.endsWith("’s")) word = word.slice(0, -2);
  if (word.length <= 3) return word;
  if (word.endsWith("zzes")) return word.slice(0, -3); // quizzes → quiz
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`; // libraries → library
  if (word.endsWith("sses")) return word.slice(0, -2); // classes → class
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1); // books → book
  return word;
}

/** One token of text as the index keeps it, or null for a word that says nothing about the topic. */
export function searchTerm(token: string): string | null {
  const word = fold(token.toLowerCase()).replace(/['’]/g, "");
  if (word === "" || stopWords.has(word)) return null;
  return word;
}

/** Two-word names of one thing, written as one word so that "sign up" is not read as "sign". */
const compounds: Array<[RegExp, string]> = [
  [/\bsign(?:ing)?[\s-]+up\b/giu, "signup"],
  [/\bsign(?:ing)?[\s-]+in\b/giu, "signin"],
  [/\blog(?:ging)?[\s-]+in\b/giu, "login"],
  [/\blog(?:ging)?[\s-]+out\b/giu, "logout"],
  [/\be-(library|learning)\b/giu, "e$1"],
];

/** Splits text into tokens: runs of letters (with their combining marks, as Tamil needs), digits and apostrophes. */
export function tokens(text: string): string[] {
  const joined = compounds.reduce((result, [pattern, word]) => result.replace(pattern, word), text);
  return joined.match(/[\p{L}\p{M}\p{N}'’]+/gu) ?? [];
}

/** The terms of a question that can be searched for; empty when it has none ("how do I?"). */
export function questionTerms(question: string): string[] {
  return tokens(question)
    .map(searchTerm)
    .filter((term): term is string => term !== null);
}

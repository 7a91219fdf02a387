// "Did you mean …" for the catalogue: a search that finds nothing because of a typo of one or two
// letters ("algoritms", "progamming") is asked again with the catalogue's nearest words. Words are
// found by the three-letter pieces they share (trigrams), then the closest by edit distance wins.

/** The catalogue's words (titles, subtitles, subjects), folded as searches are, with how many books use each. */
export interface Vocabulary {
  books: ReadonlyMap<string, number>;
  /** Each trigram of `$word$` and the words that hold it. */
  byTrigram: ReadonlyMap<string, readonly string[]>;
}

const trigrams = (word: string) => {
  const padded = `$${word}$`;
  const pieces = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index++) pieces.add(padded.slice(index, index + 3));
  return pieces;
};

/** The vocabulary of texts already cut into folded words, one list a book. */
export function vocabularyOf(wordsByBook: Iterable<readonly string[]>): Vocabulary {
  const books = new Map<string, number>();
  for (const words of wordsByBook) for (const word of new Set(words)) books.set(word, (books.get(word) ?? 0) + 1);
  const byTrigram = new Map<string, string[]>();
  for (const word of books.keys()) {
    if (!/\p{L}/u.test(word)) continue;
    for (const piece of trigrams(word)) {
      const list = byTrigram.get(piece);
      if (list) list.push(word);
      else byTrigram.set(piece, [word]);
    }
  }
  return { books, byTrigram };
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** How far a word may be from the one meant: one letter in a short word, two in a longer one. */
const allowedDistance = (word: string) => (word.length <= 4 ? 1 : 2);
/** The candidates sharing most trigrams that are measured by edit distance. */
const candidatesMeasured = 50;

/** Words this short may share no trigram with the one meant ("jvaa", "java"): every word of about their length is measured. */
const shortWord = 5;

/** The words worth measuring against `word`: those sharing most trigrams with it, or, for a short word, all of about its length. */
function candidates(vocabulary: Vocabulary, word: string): string[] {
  if (word.length <= shortWord) return [...vocabulary.books.keys()].filter((other) => Math.abs(other.length - word.length) <= 1);
  const shared = new Map<string, number>();
  for (const piece of trigrams(word))
    for (const other of vocabulary.byTrigram.get(piece) ?? []) shared.set(other, (shared.get(other) ?? 0) + 1);
  return [...shared]
    .sort((a, b) => b[1] - a[1])
    .slice(0, candidatesMeasured)
    .map(([other]) => other);
}

/** The catalogue's word nearest to `word`, or null when none is near enough. */
function nearestWord(vocabulary: Vocabulary, word: string): string | null {
  const measured = candidates(vocabulary, word)
    .map((other) => ({ other, distance: editDistance(word, other) }))
    .filter(({ distance }) => distance <= allowedDistance(word));
  measured.sort(
    (a, b) => a.distance - b.distance || vocabulary.books.get(b.other)! - vocabulary.books.get(a.other)! || (a.other < b.other ? -1 : 1),
  );
  return measured[0]?.other ?? null;
}

/**
 * The search with each word the catalogue does not hold replaced by its nearest word ("data
 * strucutres" → "data structures"); null when nothing would change. `words` are the search's
 * words folded as the vocabulary's are. A last word that starts a catalogue word is left: it
 * may be a word being typed.
 */
export function correctedSearch(vocabulary: Vocabulary, words: readonly string[]): string | null {
  let changed = false;
  const corrected = words.map((word, index) => {
    if (vocabulary.books.has(word) || /^\p{N}+$/u.test(word)) return word;
    if (index === words.length - 1 && [...vocabulary.books.keys()].some((known) => known.startsWith(word))) return word;
    const nearest = nearestWord(vocabulary, word);
    if (!nearest) return word;
    changed = true;
    return nearest;
  });
  return changed ? corrected.join(" ") : null;
}

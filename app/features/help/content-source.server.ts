import MiniSearch, { type SearchOptions, type SearchResult } from "minisearch";
import { courseCatalogue } from "#app/features/courses/index.server.ts";
import { quizCatalogue } from "#app/features/quizzes/index.server.ts";
import { contentDocuments, type LearningContent } from "./content-documents.server.ts";
import { excerpt } from "./excerpt.ts";
import { searchTerm, tokens } from "./terms.ts";
import { helpTopicLabel, type AccountsMode } from "./topics.ts";
import type { HelpDocument } from "./types.ts";
import type { HelpSource } from "./source.ts";

type StoredFields = Pick<HelpDocument, "label" | "title" | "text" | "href" | "weight">;

const searchOptions: SearchOptions = {
  // A title says what a page is about; keywords are the words people use for it.
  boost: { title: 3, keywords: 2, text: 1 },
  // "regis" finds "register"; too short a prefix would find everything.
  prefix: (term) => term.length >= 3,
  // One typo in a word of five letters or more ("javva", "registr"), two at most.
  fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
  maxFuzzy: 2,
  boostDocument: (_id, _term, stored) => (stored as StoredFields | undefined)?.weight ?? 1,
};

function buildIndex(accounts: AccountsMode, learning: LearningContent) {
  const index = new MiniSearch<HelpDocument>({
    fields: ["title", "keywords", "text"],
    storeFields: ["label", "title", "text", "href", "weight"],
    tokenize: tokens,
    processTerm: searchTerm,
    searchOptions,
  });
  index.addAll(contentDocuments(accounts, learning));
  return index;
}

// Made again only when staff have changed the courses or quizzes (the catalogues are then new objects).
const indexes = new Map<AccountsMode, { learning: LearningContent; index: MiniSearch<HelpDocument> }>();
function indexFor(accounts: AccountsMode, learning: LearningContent) {
  const made = indexes.get(accounts);
  if (made && made.learning.courses === learning.courses && made.learning.quizzes === learning.quizzes) return made.index;
  const index = buildIndex(accounts, learning);
  indexes.set(accounts, { learning, index });
  return index;
}

/**
 * Pages that hold every word of the question come first; when there are too few of those,
 * pages that hold some of the words follow.
 */
function searchContent(index: MiniSearch<HelpDocument>, text: string, limit: number): SearchResult[] {
  const all = index.search(text, { combineWith: "AND" });
  if (all.length >= limit) return all.slice(0, limit);
  const seen = new Set(all.map((result) => result.id));
  const some = index.search(text, { combineWith: "OR" }).filter((result) => !seen.has(result.id));
  return [...all, ...some].slice(0, limit);
}

/** The site's own pages and the help topics, searched in memory. */
export function contentSource(accounts: AccountsMode): HelpSource {
  return {
    name: "content",
    async search({ text, limit }, { db }) {
      const [courses, quizzes] = await Promise.all([courseCatalogue(db), quizCatalogue(db)]);
      return searchContent(indexFor(accounts, { courses, quizzes }), text, limit).map((result) => {
        const stored = result as unknown as SearchResult & StoredFields;
        // A help topic opens with its answer ("we mail you a link"): shown from its start, never a
        // later sentence that matched more words of the question and leaves the answer out.
        const shownFrom = stored.label === helpTopicLabel ? [] : result.terms;
        return { title: stored.title, label: stored.label, href: stored.href, excerpt: excerpt(stored.text, shownFrom) };
      });
    },
  };
}

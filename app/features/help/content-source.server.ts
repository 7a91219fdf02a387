import MiniSearch, { type SearchOptions, type SearchResult } from "minisearch";
import { contentDocuments } from "./content-documents.server.ts";
import { excerpt } from "./excerpt.ts";
import { searchTerm, tokens } from "./terms.ts";
import type { AccountsMode } from "./topics.ts";
import type { HelpDocument } from "./types.ts";
import type { HelpSource } from "./sources.server.ts";

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

function buildIndex(accounts: AccountsMode) {
  const index = new MiniSearch<HelpDocument>({
    fields: ["title", "keywords", "text"],
    storeFields: ["label", "title", "text", "href", "weight"],
    tokenize: tokens,
    processTerm: searchTerm,
    searchOptions,
  });
  index.addAll(contentDocuments(accounts));
  return index;
}

// The content is part of the build: each index is made once per process, on first use.
const indexes = new Map<AccountsMode, MiniSearch<HelpDocument>>();
function indexFor(accounts: AccountsMode) {
  let index = indexes.get(accounts);
  if (!index) indexes.set(accounts, (index = buildIndex(accounts)));
  return index;
}

/**
 * Pages that hold every word of the question come first; when there are too few of those,
 * pages that hold some of the words follow.
 */
function searchContent(accounts: AccountsMode, text: string, limit: number): SearchResult[] {
  const index = indexFor(accounts);
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
    async search({ text, limit }) {
      return searchContent(accounts, text, limit).map((result) => {
        const stored = result as unknown as SearchResult & StoredFields;
        return { title: stored.title, label: stored.label, href: stored.href, excerpt: excerpt(stored.text, result.terms) };
      });
    },
  };
}

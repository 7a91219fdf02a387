import type { BookCard } from "./book.ts";

/** The search form's fields as the page shows them again. */
export interface SearchFormValues {
  q: string;
  free: boolean;
  subject: string;
  language: string;
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface SearchResults {
  /** The search text as searched (trimmed). */
  text: string;
  page: number;
  books: BookCard[];
  /** The next page's address, when there may be more. */
  nextHref: string | null;
  source: "catalogue" | "google";
  /** Said when the books service failed and the catalogue answered. */
  notice: string | null;
  /** The search as typed, when it found nothing and the books shown are those of `text`, its nearest spelling. */
  correctedFrom: string | null;
}

export interface LibraryPageData {
  form: SearchFormValues;
  /** `free`: whether 'Free e-books only' is offered. */
  choices: { subjects: FilterOption[]; languages: FilterOption[]; free: boolean };
  /** Null until a search is made (and when it was refused). */
  search: SearchResults | null;
  /** Why the search was refused (400). */
  problem: string | null;
  suggested: BookCard[];
  /** The signed-in person's list; null for visitors. */
  readingList: BookCard[] | null;
  signInHref: string;
  /** After Save or Remove (post/redirect/get). */
  listMessage: string | null;
  /** This page's address, for the list buttons to come back to. */
  returnTo: string;
}

/** Search parameters the page's own links keep; `list` (a one-time message) is not one. */
const keptParams = ["q", "free", "subject", "language", "page"];

/** `/library?…`: the kept parameters of `params`, changed by `changes`, empty ones left out. */
export function libraryHref(params: URLSearchParams, changes: Record<string, string>): string {
  const result = new URLSearchParams();
  for (const name of keptParams) {
    const value = name in changes ? changes[name] : params.get(name);
    if (value) result.set(name, value);
  }
  const search = result.toString();
  return search ? `/library?${search}` : "/library";
}

import { data, redirect } from "react-router";
import type { RequestServices } from "#app/context.ts";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import { signInHref } from "#app/features/auth/index.ts";
import type { BookCard, BookQuery } from "./book.ts";
import { catalogueProvider, filterChoices } from "./catalogue-search.server.ts";
import { READING_LIST_LIMIT } from "./limits.ts";
import { BookLookupError, findBook, googleProviderFor, searchBooks } from "./providers.server.ts";
import { readingListOf, removeFromReadingList, saveToReadingList } from "./reading-list.server.ts";
import { librarySearchSchema, readingListPostSchema } from "./schemas.ts";
import { catalogueSpelling } from "./spelling.server.ts";
import { suggestedBookCards } from "./suggested.server.ts";
import { libraryHref, type LibraryPageData, type SearchFormValues } from "./types.ts";

const languageNames = new Intl.DisplayNames(["en"], { type: "language" });
function languageLabel(code: string): string {
  try {
    const name = languageNames.of(code);
    return name && name !== code ? name : code;
  } catch {
    return code;
  }
}
const subjectLabel = (subject: string) => subject.charAt(0).toUpperCase() + subject.slice(1);

/** What the form shows again: what was asked, as typed (cut short: an echo, not a store). */
function typedValues(url: URL): SearchFormValues {
  const param = (name: string) => (url.searchParams.get(name) ?? "").slice(0, 1000);
  return {
    q: param("q"),
    free: ["1", "on", "true"].includes(param("free")),
    subject: param("subject").toLowerCase(),
    language: param("language").toLowerCase(),
  };
}

/**
 * The form's choices: only filters that can change a result. The books service has books of
 * every kind and language; the catalogue offers 'Free e-books only' when it holds both free books
 * and books for sale, and a language when it holds more than one. A filter asked for by a shared
 * link is offered even when it would not be.
 */
async function choicesFor({ db, config }: Pick<RequestServices, "db" | "config">, form: SearchFormValues) {
  const { subjects, languages, freeAndForSale } = await filterChoices(db);
  const anyBook = googleProviderFor(config) !== null;
  const withTyped = (list: string[], typed: string) => (typed && !list.includes(typed) && typed.length <= 200 ? [...list, typed] : list);
  return {
    subjects: withTyped(subjects, form.subject).map((value) => ({ value, label: subjectLabel(value) })),
    languages: withTyped(anyBook || languages.length > 1 ? languages : [], form.language).map((value) => ({
      value,
      label: languageLabel(value),
    })),
    free: anyBook || freeAndForSale || form.free,
  };
}

const listMessages: Record<string, string> = {
  saved: "The book was saved to your reading list.",
  removed: "The book was removed from your reading list.",
};

/**
 * The E-Library page: the search form, the results of `?q=` (none until a search is made), the
 * suggested books and, for a signed-in person, their reading list. A search the form would
 * refuse (no words, too long, an unknown filter value) answers 400 with the page and its reason.
 */
export async function loadLibraryPage(services: RequestServices, user: SessionUser | null, url: URL) {
  const form = typedValues(url);
  const here = libraryHref(url.searchParams, {});
  const [choices, readingList] = await Promise.all([choicesFor(services, form), user ? readingListOf(services.db, user.sub) : null]);
  const shared = {
    form,
    choices,
    suggested: suggestedBookCards(),
    readingList,
    signInHref: signInHref(here),
    listMessage: listMessages[url.searchParams.get("list") ?? ""] ?? null,
    returnTo: here,
  };
  if (!url.searchParams.has("q")) return { ...shared, search: null, problem: null } satisfies LibraryPageData;

  const parsed = librarySearchSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    const problem = parsed.error.issues[0]?.message ?? "Please check your search.";
    return data<LibraryPageData>({ ...shared, search: null, problem }, { status: 400 });
  }
  const { q, free, subject, language, page } = parsed.data;
  const query = { text: q, freeOnly: free, subject, language, page };
  const { outcome, text, correctedFrom } = await searchOrNearestSpelling(services, query);
  const next = { q: text, free: free ? "1" : "", subject: subject ?? "", language: language ?? "" };
  return {
    ...shared,
    problem: null,
    search: {
      text,
      page,
      books: outcome.page.books,
      nextHref: outcome.page.hasMore ? libraryHref(new URLSearchParams(), { ...next, page: String(page + 1) }) : null,
      source: outcome.source,
      notice: outcome.notice,
      correctedFrom,
    },
  } satisfies LibraryPageData;
}

/**
 * The search, or, when the catalogue found nothing for it on its first page, the same search
 * spelt as the catalogue's nearest words ("algoritms" → "algorithms") if that finds books. The
 * books service corrects spelling itself.
 */
async function searchOrNearestSpelling(services: RequestServices, query: BookQuery) {
  const outcome = await searchBooks(services, query);
  const unchanged = { outcome, text: query.text, correctedFrom: null };
  if (outcome.source !== "catalogue" || outcome.page.books.length > 0 || query.page > 1) return unchanged;
  const spelling = await catalogueSpelling(services.db, query.text);
  if (!spelling) return unchanged;
  // From the catalogue again: the books service, when it failed a moment ago, is not asked twice.
  const page = await catalogueProvider(services.db).search({ ...query, text: spelling });
  return page.books.length > 0 ? { outcome: { ...outcome, page }, text: spelling, correctedFrom: query.text } : unchanged;
}

/** Only our own pages that show the list are places to come back to. */
function safeReturn(value: FormDataEntryValue | null): URL {
  const text = typeof value === "string" ? value : "";
  const fallback = new URL("/library", "http://site.invalid");
  if (!/^\/(library|profile)(?=$|[?#])/.test(text)) return fallback;
  const url = new URL(text, "http://site.invalid");
  return url.origin === fallback.origin ? url : fallback;
}

/** What the list's buttons post (intent save or remove, a book id, where to come back to). */
export async function handleReadingListPost(services: RequestServices, user: SessionUser, form: FormData) {
  const back = safeReturn(form.get("return_to"));
  const parsed = readingListPostSchema.safeParse({ intent: form.get("intent") ?? undefined, book: form.get("book") ?? undefined });
  if (!parsed.success)
    return data({ problem: parsed.error.issues[0]?.message ?? "Please use the Save or Remove button." }, { status: 400 });
  const { intent, book: bookId } = parsed.data;

  if (intent === "remove") {
    await removeFromReadingList(services.db, user.sub, bookId);
    back.searchParams.set("list", "removed");
    return redirect(back.pathname + back.search, 303);
  }

  // The card is looked up here, never taken from the form: a list shows what the server found.
  let book: BookCard | null;
  try {
    book = await findBook(services, bookId);
  } catch (error) {
    if (error instanceof BookLookupError) return data({ problem: error.message }, { status: 503 });
    throw error;
  }
  if (!book) return data({ problem: "That book is not in the library (any more), so it could not be saved." }, { status: 404 });
  const outcome = await saveToReadingList(services.db, user.sub, book);
  if (outcome === "list-full") {
    return data(
      { problem: `Your reading list is full: it keeps up to ${READING_LIST_LIMIT} books. Please remove a book before saving another.` },
      { status: 400 },
    );
  }
  back.searchParams.set("list", "saved");
  return redirect(back.pathname + back.search, 303);
}

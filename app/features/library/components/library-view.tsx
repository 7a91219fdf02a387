import { useState } from "react";
import { Link } from "react-router";
import type { BookCard as Book } from "../book.ts";
import { libraryHref, type LibraryPageData } from "../types.ts";
import { BookCard } from "./book-card.tsx";
import { ReadingListButton } from "./reading-list-button.tsx";
import { ReadingListSection } from "./reading-list-section.tsx";
import { SearchForm } from "./search-form.tsx";

function BookGrid({
  books,
  idPrefix,
  savedIds,
  returnTo,
}: {
  books: Book[];
  idPrefix: string;
  savedIds: Set<string> | null;
  returnTo: string;
}) {
  return (
    <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {books.map((book, index) => (
        <li key={book.id}>
          <BookCard book={book} headingId={`${idPrefix}-${index}`}>
            {savedIds && <ReadingListButton bookId={book.id} title={book.title} saved={savedIds.has(book.id)} returnTo={returnTo} />}
          </BookCard>
        </li>
      ))}
    </ul>
  );
}

/** One sentence about the last search, read out when it changes. */
function summary(data: LibraryPageData): string {
  const { search } = data;
  if (!search) return "";
  if (search.books.length === 0) {
    return search.page > 1
      ? `There are no more books for “${search.text}”.`
      : `No books matched “${search.text}”. Try other words or fewer filters.`;
  }
  const count = search.books.length === 1 ? "1 book" : `${search.books.length} books`;
  if (search.correctedFrom) {
    return `No books matched “${search.correctedFrom}”: ${count} found for “${search.text}”${search.nextHref ? ", more on the next page" : ""}.`;
  }
  return search.page > 1
    ? `Page ${search.page}: ${count} for “${search.text}”.`
    : `${count} found for “${search.text}”${search.nextHref ? ", more on the next page" : ""}.`;
}

/**
 * The E-Library: the search, 'your Books' (empty until a search returns books; a search that
 * finds nothing leaves the books shown before), the reading list for a signed-in person, and
 * 'Suggested Books'. `actionProblem` is why a Save or Remove was refused.
 */
export function LibraryView({ data, actionProblem }: { data: LibraryPageData; actionProblem?: string }) {
  const { search, readingList, returnTo } = data;
  const savedIds = readingList ? new Set(readingList.map((book) => book.id)) : null;

  // The spec: "no items leaves list unchanged". Kept across in-page searches (with JavaScript);
  // a page loaded afresh starts from what the server found.
  const found = search?.books ?? [];
  const [shown, setShown] = useState(found);
  if (found.length > 0 && found !== shown) setShown(found);
  else if (!search && shown.length > 0) setShown([]);
  const books = found.length > 0 ? found : search ? shown : [];

  return (
    <div className="section space-y-12">
      <SearchForm
        key={returnTo}
        values={data.form}
        subjects={data.choices.subjects}
        languages={data.choices.languages}
        offerFree={data.choices.free}
        problem={data.problem}
      />

      {(data.listMessage || actionProblem) && (
        <p
          role={actionProblem ? "alert" : "status"}
          className={`rounded-md p-3 ${actionProblem ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900"}`}
        >
          {actionProblem ?? data.listMessage}
        </p>
      )}

      <section aria-labelledby="your-books-heading">
        <h2 id="your-books-heading" className="text-2xl font-bold">
          your Books
        </h2>
        {search?.notice && (
          <p role="alert" className="mt-3 rounded-md bg-amber-50 p-3 text-amber-900">
            {search.notice}
          </p>
        )}
        <p role="status" className="mt-3 text-muted empty:hidden">
          {summary(data)}
        </p>
        {search?.correctedFrom && (
          <p className="mt-2">
            Did you mean{" "}
            <Link
              to={libraryHref(new URLSearchParams(returnTo.split("?")[1] ?? ""), { q: search.text, page: "" })}
              className="font-semibold text-brand-800 underline"
            >
              {search.text}
            </Link>
            ?
          </p>
        )}
        {!search && !data.problem && <p className="mt-3 text-muted">Search above: the books you find are listed here.</p>}
        {books.length > 0 && <BookGrid books={books} idPrefix="found" savedIds={savedIds} returnTo={returnTo} />}
        {search?.nextHref && (
          <p className="mt-6">
            <Link to={search.nextHref} className="btn-primary">
              More results
            </Link>
          </p>
        )}
        {!readingList && search && books.length > 0 && (
          <p className="mt-6 text-sm">
            <Link to={data.signInHref} className="text-brand-800 underline">
              Sign in
            </Link>{" "}
            to save books to a reading list.
          </p>
        )}
      </section>

      {readingList && <ReadingListSection books={readingList} returnTo={returnTo} />}

      <section aria-labelledby="suggested-heading">
        <h2 id="suggested-heading" className="text-2xl font-bold">
          Suggested Books
        </h2>
        <p className="mt-2 text-muted">Textbooks for our courses, available from the college bookshop.</p>
        <BookGrid books={data.suggested} idPrefix="suggested" savedIds={savedIds} returnTo={returnTo} />
      </section>
    </div>
  );
}

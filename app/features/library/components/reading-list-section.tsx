import { Link } from "react-router";
import type { BookCard } from "../book.ts";
import { formatPrice } from "../format-price.ts";
import { freeCopyLabel } from "../free-copy.ts";
import { BookCover } from "./book-cover.tsx";
import { ReadingListButton } from "./reading-list-button.tsx";

/** Where a saved book can be read or had: its free copy, its shop, or its page. */
function bookLink(book: BookCard): { href: string; label: string } | null {
  if (book.saleability === "FREE" && book.downloadLink) return { href: book.downloadLink, label: freeCopyLabel(book.downloadLink) };
  if (book.buyLink)
    return { href: book.buyLink, label: book.price ? `Buy Now (${formatPrice(book.price.amount, book.price.currencyCode)})` : "Buy Now" };
  if (book.infoLink) return { href: book.infoLink, label: "About this book" };
  return null;
}

/**
 * 'My reading list': the books a signed-in person saved, newest first, each with its link and
 * a Remove button. Shown on /library and on /profile; `returnTo` is the page it is on. Covers
 * are always drawn here, so the list looks the same on every page whatever its security policy.
 */
export function ReadingListSection({ books, returnTo, className = "" }: { books: BookCard[]; returnTo: string; className?: string }) {
  return (
    <section aria-labelledby="reading-list-heading" id="reading-list" className={className}>
      <h2 id="reading-list-heading" className="text-2xl font-bold">
        My reading list
      </h2>
      {books.length === 0 ? (
        <p className="mt-3 text-muted">
          Nothing saved yet. Use <strong>Save</strong> on a book in the{" "}
          <Link to="/library" className="text-brand-800 underline">
            E-Library
          </Link>{" "}
          to keep it here.
        </p>
      ) : (
        <ul className="mt-4 grid gap-3 md:grid-cols-2">
          {books.map((book) => {
            const link = bookLink(book);
            return (
              <li key={book.id} className="flex items-start gap-3 rounded-lg border border-gray-200 p-3">
                <BookCover id={book.id} title={book.title} thumbnail={null} small />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words">{book.title}</p>
                  {book.authors.length > 0 && <p className="text-sm break-words text-muted">{book.authors.join(", ")}</p>}
                  <div className="mt-2 flex flex-wrap items-center gap-3">
                    {link && (
                      <a
                        href={link.href}
                        rel={link.href.startsWith("/") ? undefined : "noopener noreferrer"}
                        className="text-sm font-semibold text-brand-800 underline"
                      >
                        {link.label}
                        <span className="sr-only">: {book.title}</span>
                      </a>
                    )}
                    <ReadingListButton bookId={book.id} title={book.title} saved returnTo={returnTo} />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

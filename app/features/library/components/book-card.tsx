import type { ReactNode } from "react";
import type { BookCard as Book } from "../book.ts";
import { formatPrice } from "../format-price.ts";
import { freeCopyLabel } from "../free-copy.ts";
import { BookCover } from "./book-cover.tsx";

/** An address of this site opens in place; another site's is marked as such for the browser. */
const linkProps = (href: string) => (href.startsWith("/") ? { href } : { href, rel: "noopener noreferrer" });

/** 'Download Pdf' or 'Read online', as the free copy is (free-copy.ts), named with its book for screen readers. */
function FreeCopyLink({ href, title }: { href: string; title: string }) {
  const label = freeCopyLabel(href);
  return (
    <a {...linkProps(href)} aria-label={`${label}: ${title}`} className="font-semibold text-brand-800 underline">
      {label}
    </a>
  );
}

/**
 * One book: cover, title, authors, pages; a free book's 'Download Pdf' link to its PDF or 'Read
 * online' to the page where it is read (or 'Not Available ' when it has none), else its price and
 * 'Buy Now'. `children` holds the reading-list button.
 */
export function BookCard({ book, headingId, children }: { book: Book; headingId: string; children?: ReactNode }) {
  return (
    <article aria-labelledby={headingId} className="flex h-full gap-4 rounded-lg border border-gray-200 p-4 shadow-sm">
      <BookCover id={book.id} title={book.title} thumbnail={book.thumbnail} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 id={headingId} className="font-semibold break-words">
          {book.title}
        </h3>
        {book.authors.length > 0 && <p className="text-sm break-words text-muted">{book.authors.join(", ")}</p>}
        {book.pageCount !== null && <p className="text-sm text-muted">{book.pageCount} pages</p>}
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-2 pt-2">
          {book.saleability === "FREE" ? (
            book.downloadLink ? (
              <FreeCopyLink href={book.downloadLink} title={book.title} />
            ) : (
              <span className="text-muted">Not Available </span>
            )
          ) : (
            <>
              {book.price && <span className="font-semibold">{formatPrice(book.price.amount, book.price.currencyCode)}</span>}
              {book.buyLink && (
                <a {...linkProps(book.buyLink)} aria-label={`Buy Now: ${book.title}`} className="btn-primary px-3 py-1.5 text-sm">
                  Buy Now
                </a>
              )}
            </>
          )}
          {children}
        </div>
      </div>
    </article>
  );
}

/**
 * A book as the library page shows it, whichever provider found it. The fields are the
 * spec's book-card fields (the books service's volumeInfo, saleInfo and accessInfo).
 */
export interface BookCard {
  /** Catalogue id ("isbn:…", "<source>:<id>") or "google:<volume id>". */
  id: string;
  title: string;
  authors: string[];
  pageCount: number | null;
  /** A cover image's address; null when there is none (the page draws a cover). */
  thumbnail: string | null;
  saleability: "FREE" | "FOR_SALE";
  /** Set when the book is for sale. */
  price: { amount: number; currencyCode: string } | null;
  /** The free copy (PDF or e-book), when the book is free and one exists. */
  downloadLink: string | null;
  /** Where to buy it, when it is for sale. */
  buyLink: string | null;
  /** A page about the book (the catalogue's source, the books service's page). */
  infoLink: string | null;
}

export interface BookQuery {
  /** The search text, trimmed, never empty. */
  text: string;
  freeOnly: boolean;
  /** A subject heading in lower case. */
  subject: string | null;
  /** An ISO 639-1 code. */
  language: string | null;
  /** 1-based. */
  page: number;
}

export interface BookPage {
  books: BookCard[];
  /** True when a next page may hold more books. */
  hasMore: boolean;
}

/** At most this many books a page (the spec's maximum of 40 results). */
export const booksPerPage = 40;

/** The catalogue and the public books service both answer searches this way. */
export interface BookProvider {
  readonly name: "catalogue" | "google";
  search(query: BookQuery): Promise<BookPage>;
}

import { findSuggestedBook, suggestedBooks, type SuggestedBook } from "#app/content/suggested-books.ts";
import type { BookCard } from "./book.ts";

function card(book: SuggestedBook): BookCard {
  return {
    id: book.id,
    title: book.title,
    authors: book.authors,
    pageCount: null,
    thumbnail: null,
    saleability: "FOR_SALE",
    price: { amount: book.priceInr, currencyCode: "INR" },
    downloadLink: null,
    // The college bookshop takes orders through the contact form (see /contact?book=…).
    buyLink: `/contact?book=${book.id}`,
    infoLink: null,
  };
}

/** The 10 suggested books, as cards. */
export const suggestedBookCards = (): BookCard[] => suggestedBooks.map(card);

export function suggestedBookCard(id: string): BookCard | null {
  const book = findSuggestedBook(id);
  return book ? card(book) : null;
}

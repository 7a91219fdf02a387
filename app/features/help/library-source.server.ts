import { catalogueProvider } from "#app/features/library/index.server.ts";
import type { HelpSource } from "./source.ts";

/** Books of the college catalogue whose title, authors or subjects match the question. */
export const librarySource: HelpSource = {
  name: "library",
  async search(question, { db }) {
    const text = question.terms.join(" ");
    if (!text) return [];
    const { books } = await catalogueProvider(db).search({ text, freeOnly: false, subject: null, language: null, page: 1 });
    return books.slice(0, question.limit).map((book) => ({
      title: book.title,
      label: "Book in the E-Library",
      excerpt: book.authors.length ? `By ${book.authors.join(", ")}.` : "In the college catalogue.",
      // The title before its subtitle finds the book, within the library's 200-character search.
      href: `/library?${new URLSearchParams({ q: book.title.split(/:\s/)[0]!.slice(0, 100) })}`,
    }));
  },
};

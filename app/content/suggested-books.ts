/**
 * The E-Library's 'Suggested Books': standard textbooks of the college's subjects, sold by the
 * college bookshop at its own prices (in rupees). 'Buy Now' leads to the contact form with an
 * order message for the book, so no outside shop is named. Editions vary, so no ISBN or page
 * count is given. Read by the server only: the page receives them as loader data.
 */
export interface SuggestedBook {
  /** "suggested:<slug>": stable, used in reading lists and in /contact?book=… */
  id: `suggested:${string}`;
  title: string;
  authors: string[];
  /** The bookshop's price in Indian rupees. */
  priceInr: number;
}

export const suggestedBooks: readonly SuggestedBook[] = [
  { id: "suggested:java-complete-reference", title: "Java: The Complete Reference", authors: ["Herbert Schildt"], priceInr: 1099 },
  { id: "suggested:head-first-java", title: "Head First Java", authors: ["Kathy Sierra", "Bert Bates"], priceInr: 950 },
  { id: "suggested:effective-java", title: "Effective Java", authors: ["Joshua Bloch"], priceInr: 799 },
  {
    id: "suggested:introduction-to-algorithms",
    title: "Introduction to Algorithms",
    authors: ["Thomas H. Cormen", "Charles E. Leiserson", "Ronald L. Rivest", "Clifford Stein"],
    priceInr: 1295,
  },
  { id: "suggested:dsa-made-easy", title: "Data Structures and Algorithms Made Easy", authors: ["Narasimha Karumanchi"], priceInr: 650 },
  { id: "suggested:javascript-definitive-guide", title: "JavaScript: The Definitive Guide", authors: ["David Flanagan"], priceInr: 1350 },
  { id: "suggested:learning-web-design", title: "Learning Web Design", authors: ["Jennifer Niederst Robbins"], priceInr: 1199 },
  {
    id: "suggested:database-system-concepts",
    title: "Database System Concepts",
    authors: ["Abraham Silberschatz", "Henry F. Korth", "S. Sudarshan"],
    priceInr: 995,
  },
  { id: "suggested:computer-networks", title: "Computer Networks", authors: ["Andrew S. Tanenbaum", "David J. Wetherall"], priceInr: 875 },
  { id: "suggested:higher-engineering-mathematics", title: "Higher Engineering Mathematics", authors: ["B. S. Grewal"], priceInr: 1150 },
];

export const findSuggestedBook = (id: string | null): SuggestedBook | undefined => suggestedBooks.find((book) => book.id === id);

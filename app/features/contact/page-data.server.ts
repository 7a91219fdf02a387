import { findSuggestedBook } from "#app/content/suggested-books.ts";
import type { Config } from "#app/lib/config/env.server.ts";
import { captchaSettings } from "./captcha/verifier.server.ts";

const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

/**
 * The message a 'Buy Now' of the E-Library's suggested books starts the form with
 * (`/contact?book=<id>`): an order from the college bookshop. Unknown ids start an empty form.
 */
function bookOrderMessage(url: URL): string {
  const book = findSuggestedBook(url.searchParams.get("book"));
  if (!book) return "";
  return `I would like to order "${book.title}" by ${book.authors.join(", ")} (${rupees.format(book.priceInr)}) from the college bookshop. Please tell me when and where I can collect it.`;
}

/** What the contact page shows besides its content: whether a message was just sent, which captcha, and a book order to start from. */
export function contactPageData(url: URL, config: Config) {
  return { sent: url.searchParams.has("sent"), captcha: captchaSettings(config), prefillMessage: bookOrderMessage(url) };
}

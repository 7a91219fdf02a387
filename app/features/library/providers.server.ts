import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "#app/lib/db/schema.ts";
import type { Config } from "#app/lib/config/env.server.ts";
import type { BookCard, BookPage, BookQuery } from "./book.ts";
import { catalogueProvider } from "./catalogue-search.server.ts";
import { googleBooksProvider, googleIdPrefix, GoogleBooksError, type GoogleBooksProvider } from "./google-books.server.ts";
import { suggestedBookCard } from "./suggested.server.ts";

export const serviceFailedNotice = "The public books service did not answer; showing the college catalogue instead.";

// One provider per configuration, so its cache lives as long as the process.
const googleProviders = new WeakMap<Config, GoogleBooksProvider>();

/** The public books service when its key is configured, else null. */
export function googleProviderFor(config: Config): GoogleBooksProvider | null {
  if (!config.GOOGLE_BOOKS_API_KEY) return null;
  let provider = googleProviders.get(config);
  if (!provider) {
    provider = googleBooksProvider({
      apiKey: config.GOOGLE_BOOKS_API_KEY,
      url: config.GOOGLE_BOOKS_URL,
      timeoutMs: config.GOOGLE_BOOKS_TIMEOUT_MS,
    });
    googleProviders.set(config, provider);
  }
  return provider;
}

interface LibraryServices {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
}

export interface SearchOutcome {
  page: BookPage;
  source: "catalogue" | "google";
  /** Said on the page when the books service failed and the catalogue answered instead. */
  notice: string | null;
}

function logServiceFailure(logger: Logger, error: unknown, doing: string) {
  if (!(error instanceof GoogleBooksError)) throw error;
  // The address is logged without the key; the message is ours, never the service's.
  logger.warn({ address: error.address, reason: error.message }, `books service failed while ${doing}`);
}

/** Searches the configured provider: the books service when set (the catalogue if it fails), else the catalogue. */
export async function searchBooks({ db, config, logger }: LibraryServices, query: BookQuery): Promise<SearchOutcome> {
  const google = googleProviderFor(config);
  if (google) {
    try {
      return { page: await google.search(query), source: "google", notice: null };
    } catch (error) {
      logServiceFailure(logger, error, "searching");
      return { page: await catalogueProvider(db).search(query), source: "catalogue", notice: serviceFailedNotice };
    }
  }
  return { page: await catalogueProvider(db).search(query), source: "catalogue", notice: null };
}

export class BookLookupError extends Error {
  override name = "BookLookupError";
}

/**
 * The card of one book by id, from where that id comes from: the suggested books, the books
 * service, or the catalogue. Null when it does not exist (or is not for sale); a BookLookupError
 * when the books service cannot say.
 */
export async function findBook({ db, config, logger }: LibraryServices, id: string): Promise<BookCard | null> {
  const suggested = suggestedBookCard(id);
  if (suggested) return suggested;
  if (id.startsWith(googleIdPrefix)) {
    const google = googleProviderFor(config);
    if (!google) return null;
    try {
      return await google.find(id);
    } catch (error) {
      logServiceFailure(logger, error, "looking up a book");
      throw new BookLookupError(
        "The public books service did not answer, so the book could not be saved. Please try again in a few minutes.",
      );
    }
  }
  return catalogueProvider(db).find(id);
}

import { z } from "zod";
import { BoundedCache } from "./bounded-cache.ts";
import { booksPerPage, type BookCard, type BookPage, type BookProvider, type BookQuery } from "./book.ts";

/** Where the books service's cover pictures come from: the page's security policy allows these when it is configured. */
export const googleImageOrigins = ["https://books.google.com", "https://*.googleusercontent.com"];
const isGoogleImageHost = (host: string) => host === "books.google.com" || host.endsWith(".googleusercontent.com");

/** A volume id of the books service, as our ids carry it: "google:<id>". */
export const googleIdPrefix = "google:";
const volumeIdPattern = /^[\w-]{1,64}$/;

/** Answers are kept this long: the same search within it costs no call (and no quota). */
const cacheTtlMs = 10 * 60 * 1000;
/** No answer is read beyond this size: a real page of 40 volumes is well under 1 MB. */
const maxAnswerBytes = 5 * 1024 * 1024;

const priceSchema = z.object({ amount: z.number().nonnegative(), currencyCode: z.string().regex(/^[A-Z]{3}$/) });

/** The parts of a volume the card shows (the spec's book fields); anything else is ignored. */
const volumeSchema = z.object({
  id: z.string().regex(volumeIdPattern),
  volumeInfo: z
    .object({
      title: z.string().optional(),
      subtitle: z.string().optional(),
      authors: z.array(z.string()).optional(),
      pageCount: z.number().int().nonnegative().optional(),
      imageLinks: z.object({ smallThumbnail: z.string().optional(), thumbnail: z.string().optional() }).optional(),
      infoLink: z.string().optional(),
    })
    .optional(),
  saleInfo: z
    .object({
      saleability: z.string().optional(),
      retailPrice: priceSchema.optional(),
      buyLink: z.string().optional(),
    })
    .optional(),
  accessInfo: z.object({ pdf: z.object({ downloadLink: z.string().optional() }).optional() }).optional(),
});
type Volume = z.infer<typeof volumeSchema>;

const searchAnswerSchema = z.object({
  totalItems: z.number().int().nonnegative().optional(),
  items: z.array(volumeSchema).optional(),
});

/** Why a call failed, in words for the log; never holds the key. */
export class GoogleBooksError extends Error {
  override name = "GoogleBooksError";
  /** The address called, without the key. */
  readonly address: string;

  constructor(message: string, address: string) {
    super(message);
    this.address = address;
  }
}

/** An http(s) address, or null: the service's links end up in our pages' href attributes. */
function webLink(value: string | undefined): string | null {
  if (!value || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
}

/** The cover over HTTPS, when it comes from the service's own picture hosts (the only ones the page allows). */
function thumbnailOf(volume: Volume): string | null {
  const link = webLink(volume.volumeInfo?.imageLinks?.smallThumbnail ?? volume.volumeInfo?.imageLinks?.thumbnail);
  if (!link) return null;
  const url = new URL(link);
  if (!isGoogleImageHost(url.hostname)) return null;
  url.protocol = "https:";
  return url.href;
}

/** A volume as the page's card; null for one not for sale (the spec drops those). */
export function volumeCard(volume: Volume): BookCard | null {
  const saleability = volume.saleInfo?.saleability;
  if (saleability === "NOT_FOR_SALE") return null;
  const free = saleability === "FREE";
  const info = volume.volumeInfo ?? {};
  const title = info.title?.trim() || "Untitled";
  return {
    id: `${googleIdPrefix}${volume.id}`,
    title: info.subtitle?.trim() ? `${title}: ${info.subtitle.trim()}` : title,
    authors: info.authors ?? [],
    pageCount: info.pageCount || null,
    thumbnail: thumbnailOf(volume),
    saleability: free ? "FREE" : "FOR_SALE",
    price: free ? null : (volume.saleInfo?.retailPrice ?? null),
    downloadLink: free ? webLink(volume.accessInfo?.pdf?.downloadLink) : null,
    buyLink: free ? null : webLink(volume.saleInfo?.buyLink),
    infoLink: webLink(info.infoLink),
  };
}

export interface GoogleBooksSettings {
  apiKey: string;
  /** The volumes endpoint, e.g. https://www.googleapis.com/books/v1/volumes */
  url: string;
  timeoutMs: number;
}

export interface GoogleBooksProvider extends BookProvider {
  /** One volume by our id ("google:<volume id>"): from the answers seen lately, else asked for. Null when unknown. */
  find(id: string): Promise<BookCard | null>;
}

/**
 * The public books service the spec calls (the Google Books volumes API), called by the server
 * only: the key stays here, in no page, link or log line. The query is URL-encoded, 40 results
 * a page, a time limit on each call, redirects refused, the answer checked before use, and
 * answers kept for 10 minutes. Any failure throws a GoogleBooksError.
 */
export function googleBooksProvider(settings: GoogleBooksSettings): GoogleBooksProvider {
  const searches = new BoundedCache<BookPage>(500, cacheTtlMs);
  // Cards seen in answers, so saving one to a reading list needs no second call.
  const volumes = new BoundedCache<BookCard>(5000, cacheTtlMs);

  function withKey(url: URL): { url: URL; address: string } {
    const address = url.href;
    url.searchParams.set("key", settings.apiKey);
    return { url, address };
  }

  async function getJson(url: URL, address: string): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: "manual",
        signal: AbortSignal.timeout(settings.timeoutMs),
        headers: { Accept: "application/json" },
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      throw new GoogleBooksError(timedOut ? `no answer within ${settings.timeoutMs} ms` : "could not be reached", address);
    }
    if (response.status === 404) return { status: 404, body: null };
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new GoogleBooksError(`answered with a redirect (${response.status}), which is not followed`, address);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new GoogleBooksError(`answered ${response.status}`, address);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new GoogleBooksError(`no complete answer within ${settings.timeoutMs} ms`, address);
    }
    if (text.length > maxAnswerBytes) throw new GoogleBooksError("answered with more data than a page of books", address);
    try {
      return { status: response.status, body: JSON.parse(text) };
    } catch {
      throw new GoogleBooksError("answered with malformed JSON", address);
    }
  }

  function searchUrl(query: BookQuery): URL {
    const url = new URL(settings.url);
    // The service's own syntax narrows by subject; quotes in the subject would end its phrase.
    const subject = query.subject ? ` subject:"${query.subject.replaceAll('"', "")}"` : "";
    url.searchParams.set("q", query.text + subject);
    url.searchParams.set("maxResults", String(booksPerPage));
    url.searchParams.set("startIndex", String((query.page - 1) * booksPerPage));
    if (query.freeOnly) url.searchParams.set("filter", "free-ebooks");
    if (query.language) url.searchParams.set("langRestrict", query.language);
    return url;
  }

  return {
    name: "google",
    async search(query) {
      const cacheKey = JSON.stringify([query.text, query.freeOnly, query.subject, query.language, query.page]);
      const cached = searches.get(cacheKey);
      if (cached) return cached;
      const { url, address } = withKey(searchUrl(query));
      const { status, body } = await getJson(url, address);
      const answer = searchAnswerSchema.safeParse(body);
      if (status === 404 || !answer.success) throw new GoogleBooksError("answered with something other than a list of volumes", address);
      const items = answer.data.items ?? [];
      const books = items.flatMap((volume) => volumeCard(volume) ?? []).slice(0, booksPerPage);
      const start = (query.page - 1) * booksPerPage;
      const page: BookPage = { books, hasMore: items.length >= booksPerPage && (answer.data.totalItems ?? 0) > start + items.length };
      searches.set(cacheKey, page);
      for (const book of books) volumes.set(book.id, book);
      return page;
    },
    async find(id) {
      const volumeId = id.startsWith(googleIdPrefix) ? id.slice(googleIdPrefix.length) : "";
      if (!volumeIdPattern.test(volumeId)) return null;
      const seen = volumes.get(id);
      if (seen) return seen;
      const { url, address } = withKey(new URL(`${settings.url}/${encodeURIComponent(volumeId)}`));
      const { status, body } = await getJson(url, address);
      if (status === 404) return null;
      const volume = volumeSchema.safeParse(body);
      if (!volume.success) throw new GoogleBooksError("answered with something other than a volume", address);
      const card = volumeCard(volume.data);
      if (card) volumes.set(card.id, card);
      return card;
    },
  };
}

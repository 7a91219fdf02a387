import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBooksServiceStandIn, volume } from "#tests/setup/books-service-stand-in.ts";
import type { BookQuery } from "./book.ts";
import { googleBooksProvider, GoogleBooksError, volumeCard } from "./google-books.server.ts";

const query = (text: string, more: Partial<BookQuery> = {}): BookQuery => ({
  text,
  freeOnly: false,
  subject: null,
  language: null,
  page: 1,
  ...more,
});

describe("a books service volume as a card", () => {
  it("drops books not for sale and keeps only http(s) links and the service's own covers", () => {
    expect(volumeCard(volume("a", { saleability: "NOT_FOR_SALE" }) as never)).toBeNull();
    const card = volumeCard({
      id: "b",
      volumeInfo: {
        title: " Title ",
        subtitle: "Sub",
        imageLinks: { smallThumbnail: "http://books.google.com/books/content?id=b" },
        infoLink: "javascript:alert(1)",
      },
      saleInfo: { saleability: "FOR_SALE", buyLink: "data:text/html,x" },
    });
    expect(card).toMatchObject({
      id: "google:b",
      title: "Title: Sub",
      thumbnail: "https://books.google.com/books/content?id=b",
      buyLink: null,
      infoLink: null,
      price: null,
      authors: [],
    });
    expect(
      volumeCard({ id: "c", volumeInfo: { imageLinks: { thumbnail: "https://evil.example/c.jpg" } }, saleInfo: { saleability: "FREE" } }),
    ).toMatchObject({
      title: "Untitled",
      thumbnail: null,
      saleability: "FREE",
      downloadLink: null,
    });
    expect(volumeCard({ id: "d", volumeInfo: { imageLinks: { thumbnail: "https://lh3.googleusercontent.com/d" } } })?.thumbnail).toBe(
      "https://lh3.googleusercontent.com/d",
    );
  });
});

describe("the books service provider", () => {
  let standIn: Awaited<ReturnType<typeof startBooksServiceStandIn>>;
  const apiKey = "unit-test-key";
  beforeAll(async () => {
    standIn = await startBooksServiceStandIn(
      (q) =>
        q === "forty-five"
          ? Array.from({ length: 45 }, (_, i) => volume(`v${i}`))
          : [volume("one"), volume("gone", { saleability: "NOT_FOR_SALE" })],
      { known: volume("known", { saleability: "FREE" }) },
    );
  });
  afterAll(() => standIn?.close());
  // Generous unless a test is about the timeout: a loaded machine may take longer than 200 ms to answer.
  const provider = (timeoutMs = 5000) => googleBooksProvider({ apiKey, url: standIn.url, timeoutMs });

  it("keeps 40 at most and says when more exist", async () => {
    const page = await provider().search(query("forty-five"));
    expect(page.books).toHaveLength(40);
    expect(page.hasMore).toBe(true);
    const second = await provider().search(query("forty-five", { page: 2 }));
    expect(second.books).toHaveLength(5);
    expect(second.hasMore).toBe(false);
  });

  it("answers the same search from its cache, and finds the cards it has seen without a call", async () => {
    const books = provider();
    const before = standIn.requests.length;
    expect((await books.search(query("cached"))).books.map((book) => book.id)).toEqual(["google:one"]);
    await books.search(query("cached"));
    expect(standIn.requests.length).toBe(before + 1);
    expect(await books.find("google:one")).toMatchObject({ title: "Volume one" });
    expect(standIn.requests.length).toBe(before + 1);
    expect(await books.find("google:known")).toMatchObject({
      saleability: "FREE",
      downloadLink: "https://books.google.com/books/download/known.pdf",
    });
    expect(await books.find("google:missing")).toBeNull();
    expect(await books.find("google:../etc")).toBeNull();
    expect(await books.find("catalogue:one")).toBeNull();
  });

  it.each([
    ["slow", "no answer within 200 ms"],
    ["error", "answered 500"],
    ["malformed", "answered with malformed JSON"],
    ["wrong-shape", "answered with something other than a list of volumes"],
    ["redirect", "answered with a redirect (302), which is not followed"],
  ] as const)("fails with a reason and an address without the key when the service is %s", async (behaviour, reason) => {
    standIn.behave(behaviour);
    try {
      const failure = await provider(behaviour === "slow" ? 200 : undefined)
        .search(query(`fails ${behaviour}`))
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(GoogleBooksError);
      expect((failure as GoogleBooksError).message).toBe(reason);
      expect((failure as GoogleBooksError).address).toBe(`${standIn.url}?q=fails+${behaviour}&maxResults=40&startIndex=0`);
      expect(JSON.stringify(failure) + String(failure)).not.toContain(apiKey);
    } finally {
      standIn.behave("answer");
    }
  });

  it("fails when nothing listens", async () => {
    const nowhere = googleBooksProvider({ apiKey, url: "http://127.0.0.1:9/volumes", timeoutMs: 500 });
    await expect(nowhere.search(query("x"))).rejects.toThrow("could not be reached");
  });
});

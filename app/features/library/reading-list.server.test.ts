import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";
import type { BookCard } from "./book.ts";
import { READING_LIST_LIMIT } from "./limits.ts";
import { readingListOf, removeFromReadingList, saveToReadingList } from "./reading-list.server.ts";

const card = (id: string): BookCard => ({
  id,
  title: `Title ${id}`,
  authors: [],
  pageCount: null,
  thumbnail: null,
  saleability: "FREE",
  price: null,
  downloadLink: null,
  buyLink: null,
  infoLink: null,
});

describe.each(engines)("reading lists on %s", (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle?.close());

  it("keeps each book once, newest first, per person", async () => {
    expect(await saveToReadingList(handle.db, "ana", card("t:1"), new Date("2026-01-01T00:00:00Z"))).toBe("saved");
    expect(await saveToReadingList(handle.db, "ana", card("t:2"), new Date("2026-01-02T00:00:00Z"))).toBe("saved");
    expect(await saveToReadingList(handle.db, "ana", card("t:1"))).toBe("already-saved");
    expect(await saveToReadingList(handle.db, "ben", card("t:1"))).toBe("saved");
    expect((await readingListOf(handle.db, "ana")).map((book) => book.id)).toEqual(["t:2", "t:1"]);
    expect(await removeFromReadingList(handle.db, "ana", "t:2")).toBe(true);
    expect(await removeFromReadingList(handle.db, "ana", "t:2")).toBe(false);
    expect((await readingListOf(handle.db, "ana")).map((book) => book.id)).toEqual(["t:1"]);
    expect((await readingListOf(handle.db, "ben")).map((book) => book.id)).toEqual(["t:1"]);
  });

  it(`refuses a book beyond ${READING_LIST_LIMIT}, even when saves race`, async () => {
    for (let i = 0; i < READING_LIST_LIMIT - 2; i++) await saveToReadingList(handle.db, "cai", card(`t:${i}`));
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => saveToReadingList(handle.db, "cai", card(`t:extra-${i}`))));
    expect(outcomes.filter((outcome) => outcome === "saved").length).toBeLessThanOrEqual(2);
    expect(outcomes).toContain("list-full");
    expect((await readingListOf(handle.db, "cai")).length).toBeLessThanOrEqual(READING_LIST_LIMIT);
  });
});

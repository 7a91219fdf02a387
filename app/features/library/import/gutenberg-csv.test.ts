import { describe, expect, it } from "vitest";
import { gutenbergEntry, withoutLifeDates } from "./gutenberg-csv.ts";

describe("pg_catalog.csv rows", () => {
  it("strips life dates and roles from author names", () => {
    expect(withoutLifeDates("Austen, Jane, 1775-1817")).toBe("Austen, Jane");
    expect(withoutLifeDates("Homer, 751? BCE-651? BCE")).toBe("Homer");
    expect(withoutLifeDates("Lang, Andrew, 1844-1912 [Editor]")).toBe("Lang, Andrew");
    expect(withoutLifeDates("Anonymous")).toBe("Anonymous");
    expect(withoutLifeDates("Twain, Mark, -1910")).toBe("Twain, Mark");
  });

  it("takes the first of several languages and ignores what is not text", () => {
    const entry = gutenbergEntry("line 2", ["100", "Text", "2000-01-01", "A Title", "fr; en", "", "", "", ""], "gutenberg");
    expect(entry).toMatchObject({ record: { language: "fr", sourceId: "100", authors: [] } });
    expect(gutenbergEntry("line 3", ["101", "Sound", "", "Audio", "en", "", "", "", ""], "gutenberg")).toEqual({
      at: "line 3",
      ignored: "a Sound entry, not a book",
    });
  });

  it("reports a row without an ebook number or a title", () => {
    expect(gutenbergEntry("line 4", ["x1", "Text", "", "T", "en"], "gutenberg")).toEqual({
      at: "line 4",
      problems: ['Text# "x1" is not an ebook number'],
    });
    expect(gutenbergEntry("line 5", ["7", "Text", "", " ", "en"], "gutenberg")).toEqual({ at: "line 5", problems: ["Title is missing"] });
  });

  it("shortens a title longer than the catalogue keeps rather than refusing the book", () => {
    const entry = gutenbergEntry("line 6", ["8", "Text", "", "Long ".repeat(200), "en"], "gutenberg");
    expect("record" in entry && entry.record.title.length).toBe(500);
  });
});

import { describe, expect, it } from "vitest";
import { catalogueKey, catalogueRecordSchema } from "#app/features/library/catalogue-record.ts";
import { catalogueSubjects, gutenbergUrl, libraryCatalogue } from "./library-catalogue.ts";

const records = libraryCatalogue.map((entry) => catalogueRecordSchema.parse(entry));

describe("the library catalogue seed", () => {
  it("holds a few dozen books, every one valid, free and in the seed's own source", () => {
    expect(records.length).toBeGreaterThanOrEqual(40);
    expect(records.length).toBeLessThanOrEqual(70);
    for (const record of records) {
      expect(record.source).toBe("seed");
      expect(record.price, record.sourceId).toBeUndefined();
      expect(record.notForSale).toBe(false);
      expect(record.authors.length, record.sourceId).toBeGreaterThan(0);
      expect(record.downloadUrl, record.sourceId).toBeDefined();
      expect(record.infoUrl, record.sourceId).toBeDefined();
    }
  });

  it("gives every book its own id and no ISBN or page count it could have got wrong", () => {
    const keys = records.map(catalogueKey);
    expect(new Set(keys).size).toBe(keys.length);
    const titles = records.map((record) => `${record.title} ${record.subtitle ?? ""} ${record.authors.join()}`);
    expect(new Set(titles).size).toBe(titles.length);
    for (const record of records) {
      expect(record.isbn).toBeUndefined();
      expect(record.pageCount).toBeUndefined();
    }
  });

  it("links only over https", () => {
    for (const record of records) {
      for (const url of [record.infoUrl, record.downloadUrl, record.buyUrl, record.thumbnailUrl]) {
        if (url !== undefined) expect(new URL(url).protocol, `${record.sourceId}: ${url}`).toBe("https:");
      }
    }
  });

  it("links each Project Gutenberg book to its own ebook page", () => {
    const gutenberg = records.filter((record) => record.sourceId.startsWith("gutenberg-"));
    expect(gutenberg.length).toBeGreaterThanOrEqual(10);
    for (const record of gutenberg) {
      const number = Number(/^gutenberg-(\d+)$/.exec(record.sourceId)?.[1]);
      expect(Number.isInteger(number), record.sourceId).toBe(true);
      expect(record.infoUrl).toBe(`https://www.gutenberg.org/ebooks/${number}`);
      expect(record.downloadUrl).toBe(gutenbergUrl(number));
    }
    // Nothing else points at Gutenberg under a number of its own.
    for (const record of records.filter((r) => !r.sourceId.startsWith("gutenberg-"))) {
      expect(record.infoUrl).not.toContain("gutenberg.org");
    }
  });

  it("uses only the subject vocabulary the filter lists, and covers every subject the college teaches", () => {
    const vocabulary = new Set<string>(catalogueSubjects);
    const used = new Set(records.flatMap((record) => record.subjects));
    for (const subject of used) expect(vocabulary.has(subject), subject).toBe(true);
    for (const subject of [
      "Java",
      "Data structures",
      "Algorithms",
      "JavaScript",
      "Web development",
      "Databases",
      "Computer networks",
      "Mathematics",
      "Calculus",
      "Linear algebra",
      "Logic",
      "Statistics",
    ]) {
      expect(used.has(subject), subject).toBe(true);
    }
  });
});

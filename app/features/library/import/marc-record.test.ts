import { describe, expect, it } from "vitest";
import { marcEntry, pagesIn, withoutIsbdPunctuation, type MarcDataField, type MarcRecord } from "./marc-record.ts";

const field = (tag: string, indicators: string, ...pairs: string[]): MarcDataField => ({
  tag,
  ind1: indicators[0] ?? " ",
  ind2: indicators[1] ?? " ",
  subfields: pairs.flatMap((_, i) => (i % 2 ? [] : [{ code: pairs[i]!, value: pairs[i + 1]! }])),
});
const record = (
  dataFields: MarcDataField[],
  controlFields: Array<[string, string]> = [["001", "b1"]],
  leader = "00000nam a2200000 i 4500",
): MarcRecord => ({
  leader,
  controlFields: new Map(controlFields),
  dataFields,
});
const options = { source: "marc", currency: "INR" };
const mapped = (marc: MarcRecord) => {
  const entry = marcEntry({ number: 1 }, marc, options);
  if (!("record" in entry)) throw new Error(JSON.stringify(entry));
  return entry.record;
};

describe("MARC 21 records", () => {
  it("strips ISBD punctuation from titles and subjects", () => {
    expect(withoutIsbdPunctuation("The C programming language /")).toBe("The C programming language");
    expect(withoutIsbdPunctuation("Data structures :")).toBe("Data structures");
    expect(withoutIsbdPunctuation("Computer programming.")).toBe("Computer programming");
    expect(withoutIsbdPunctuation("History of the U.S.A.")).toBe("History of the U.S.A.");
  });

  it("reads the page count from the extent", () => {
    expect(["xii, 272 p. ;", "350 pages ;", "1 online resource (xiv, 480 pages)", "2 v. (1,200 p.)"].map(pagesIn)).toEqual([
      272, 350, 480, 1200,
    ]);
    expect(pagesIn("1 online resource")).toBeUndefined();
  });

  it("takes the first valid ISBN of several, qualifiers and all", () => {
    const marc = record([
      field("020", "  ", "a", "12345 (invalid)"),
      field("020", "  ", "a", "0131103628 (pbk.)"),
      field("245", "10", "a", "T"),
    ]);
    expect(mapped(marc).isbn).toBe("9780131103627");
  });

  it("prices from 365 with its currency, else Koha's 952 $g in the configured currency", () => {
    expect(
      mapped(record([field("245", "10", "a", "T"), field("365", "  ", "b", "12.99", "c", "GBP"), field("952", "  ", "g", "400")])).price,
    ).toEqual({ amount: 12.99, currency: "GBP" });
    expect(mapped(record([field("245", "10", "a", "T"), field("952", "  ", "g", "400")])).price).toEqual({ amount: 400, currency: "INR" });
    const entry = marcEntry({ number: 3 }, record([field("245", "10", "a", "T"), field("952", "  ", "g", "four hundred")]), options);
    expect(entry).toEqual({ at: "record 3 (001 b1)", problems: ['price (952 $g) "four hundred" is not an amount of money'] });
  });

  it("links the book itself, not its table of contents or cover", () => {
    const marc = record([
      field("245", "10", "a", "T"),
      field("856", "41", "3", "Cover image", "u", "https://library.college.example/cover.jpg"),
      field("856", "42", "u", "https://library.college.example/review"),
      field("856", "40", "u", "https://library.college.example/book.pdf"),
    ]);
    expect(mapped(marc).downloadUrl).toBe("https://library.college.example/book.pdf");
  });

  it("falls back to Koha's biblionumber (999 $c) without a control number, and to 008's date", () => {
    const marc = record(
      [field("245", "10", "a", "T"), field("999", "  ", "c", "4711")],
      [["008", "880101s1999    xx            000 0 hin d"]],
    );
    expect(mapped(marc)).toMatchObject({ sourceId: "4711", publishedYear: 1999, language: "hi" });
  });

  it("ignores deleted records and records that are not books", () => {
    expect(marcEntry({ number: 1 }, record([], [], "00000dam a2200000 i 4500"), options)).toMatchObject({
      ignored: "a deleted record (leader/05 is d)",
    });
    expect(marcEntry({ number: 1 }, record([], [], "00000njm a2200000 i 4500"), options)).toMatchObject({
      ignored: 'not a book (leader/06 is "j")',
    });
  });
});

import { describe, expect, it } from "vitest";
import { detectFormat } from "./import-format.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("telling an import file's format", () => {
  it("knows each format by its content, whatever the file is called", () => {
    expect(detectFormat("export.dat", bytes("00523nam a2200157 i 4500001000800000"))).toBe("marc");
    expect(detectFormat("export.txt", bytes('<?xml version="1.0"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">'))).toBe("marcxml");
    expect(detectFormat("records.xml", bytes('<marc:record xmlns:marc="http://www.loc.gov/MARC21/slim">'))).toBe("marcxml");
    expect(detectFormat("catalog.csv", bytes("\uFEFFText#,Type,Issued,Title,Language,Authors,Subjects,LoCC,Bookshelves\r\n1,Text"))).toBe(
      "gutenberg",
    );
    expect(detectFormat("books.csv", bytes("Title,Authors\nA,B\n"))).toBe("csv");
  });

  it("says why a file is none of them", () => {
    expect(() => detectFormat("books.mrc", bytes("title,authors\n"))).toThrow(/not MARC 21/);
    expect(() => detectFormat("books.xml", bytes("<books/>"))).toThrow(/XML but not MARCXML/);
    expect(() => detectFormat("books.csv", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toThrow(/binary/);
    expect(() => detectFormat("books.pdf", bytes("%PDF-1.7"))).toThrow(/cannot tell the format of a \.pdf file; say it with --format/);
  });
});

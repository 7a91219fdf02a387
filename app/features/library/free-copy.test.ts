import { describe, expect, it } from "vitest";
import { freeCopyLabel } from "./free-copy.ts";

describe("a free copy's label", () => {
  it.each([
    ["https://books.example.org/zorblatt.pdf", "Download Pdf"],
    ["https://books.example.org/files/Zorblatt.PDF?download=1", "Download Pdf"],
    ["http://books.google.com/books/download/Calculus.pdf?id=abc&output=pdf&sig=xyz", "Download Pdf"],
    ["https://books.google.com/books/download?id=abc&output=pdf", "Download Pdf"],
    ["https://eloquentjavascript.net/", "Read online"],
    ["https://www.gutenberg.org/ebooks/33283", "Read online"],
    ["https://example.org/pdf-guide", "Read online"],
    ["https://example.org/book.pdf.html", "Read online"],
  ])("%s → %s", (address, label) => {
    expect(freeCopyLabel(address)).toBe(label);
  });
});

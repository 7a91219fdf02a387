import { describe, expect, it } from "vitest";
import { csvCell, csvFile } from "./csv-file.ts";

describe("CSV cells", () => {
  it("quotes commas, quotes and line breaks, and leaves plain text and numbers alone", () => {
    expect(
      csvFile(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          ["line\nbreak", 3],
          [null, "plain"],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",3\r\n,plain\r\n');
  });

  it("keeps a spreadsheet from running a cell as a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe('"\'=HYPERLINK(""http://evil.example"")"');
    expect(csvCell("+91 98400 12345")).toBe("'+91 98400 12345");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-5")).toBe("'-5");
    // A tab or a carriage return first is read as the start of a formula too (OWASP's CSV injection guidance).
    expect(csvCell("\t=1+1")).toBe("'\t=1+1");
    expect(csvCell("\tplain")).toBe("'\tplain");
    expect(csvCell("\r=1+1")).toBe('"\'\r=1+1"');
    expect(csvCell("\r\n@SUM(A1)")).toBe('"\'\r\n@SUM(A1)"');
    expect(csvCell("a\tb")).toBe("a\tb");
    expect(csvCell("student@example.com")).toBe("student@example.com");
  });
});

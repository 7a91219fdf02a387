import { describe, expect, it } from "vitest";
import { csvRows } from "./csv-rows.server.ts";

async function rowsOf(...chunks: string[]) {
  async function* text() {
    yield* chunks;
  }
  const rows = [];
  for await (const row of csvRows(text())) rows.push(row);
  return rows;
}

describe("CSV rows", () => {
  it("numbers each row by the physical line it starts on, across quoted line breaks and empty lines", async () => {
    const rows = await rowsOf('title,authors\n"Two\nlines",A\n\n"Three\nmore\nlines",B\nLast,C');
    expect(rows.map((row) => [row.line, row.cells[0]])).toEqual([
      [1, "title"],
      [2, "Two\nlines"],
      [5, "Three\nmore\nlines"],
      [8, "Last"],
    ]);
  });

  it("counts Windows line ends once, whatever the chunks", async () => {
    const rows = await rowsOf("\uFEFFtitle,a", 'uthors\r\n"X\r\nY",A\r', "\nZ,B\r\n");
    expect(rows.map((row) => [row.line, row.cells])).toEqual([
      [1, ["title", "authors"]],
      [2, ["X\r\nY", "A"]],
      [4, ["Z", "B"]],
    ]);
  });

  it("refuses text that is not CSV, saying where the parser gave up", async () => {
    await expect(rowsOf('title\n"open\nnever closed\n')).rejects.toThrow(
      /^the file is not valid CSV: Quote Not Closed: the parsing is finished with an opening quote at line \d+$/,
    );
  });
});

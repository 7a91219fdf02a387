import { randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { constants, deflateRawSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SplicedGzip } from "./spliced-gzip.ts";

const splice = (pieces: string[], parts: string[]) =>
  new SplicedGzip(
    pieces.map((piece) => Buffer.from(piece)),
    [],
  ).gzip(parts);

describe("gzip spliced from pieces compressed once and parts sent stored", () => {
  it("decodes to the pieces and parts in order, for zlib and for the gzip program", () => {
    const pieces = ["<html><body><p>", "</p><ul>" + "<li>a lesson</li>".repeat(500), "</ul>", "</body></html>"];
    const parts = ["Ann Example", "", '<script type="application/json">{"a":1}</script>'];
    const gzip = splice(pieces, parts);
    const expected = pieces[0]! + parts[0] + pieces[1] + parts[1] + pieces[2] + parts[2] + pieces[3];
    expect(gunzipSync(gzip).toString()).toBe(expected);
    // Another decoder than the one that wrote it: gzip(1) checks the trailer's CRC and length too.
    expect(execFileSync("gzip", ["-dc"], { input: gzip }).toString()).toBe(expected);
  });

  it("gives the same parts spliced again the same bytes, and other parts their own, a part of several blocks included", () => {
    const gzip = new SplicedGzip([Buffer.from("<p>"), Buffer.from("</p><p>"), Buffer.from("</p>")], []);
    const long = "ü".repeat(40_000);
    const asha = Object.freeze(["Asha", long]);
    const first = Buffer.from(gzip.gzip(asha));
    expect(gzip.gzip(asha).equals(first)).toBe(true);
    expect(execFileSync("gzip", ["-dc"], { input: first }).toString()).toBe(`<p>Asha</p><p>${long}</p>`);
    expect(gunzipSync(gzip.gzip(Object.freeze(["Ravi", ""]))).toString()).toBe("<p>Ravi</p><p></p>");
    expect(gunzipSync(gzip.gzip(asha)).toString()).toBe(`<p>Asha</p><p>${long}</p>`);
  });

  it("cuts a part longer than a stored block can hold into several, wherever its characters' bytes fall", () => {
    // Two- and three-byte characters among one-byte ones: a block's end falls inside a character.
    const long = Array.from(randomBytes(150_000), (byte) => ["a", "é", "€", "<"][byte % 4]).join("");
    expect(Buffer.byteLength(long)).toBeGreaterThan(3 * 65_535);
    const gzip = splice(["a", "b"], [long, "ü"]);
    expect(gunzipSync(gzip).toString()).toBe(`a${long}bü`);
    expect(execFileSync("gzip", ["-dc"], { input: gzip }).toString()).toBe(`a${long}bü`);
  });

  it("compresses a piece after a part seen before against the markup before it, and stays right after any other", () => {
    // As a course page's lesson cards are: a few hundred bytes, much like one another.
    const card = (n: number) =>
      `<li class="rounded-lg border p-5 shadow-sm border-gray-200"><p class="text-sm font-semibold text-brand-800">Lesson ${n}</p>` +
      `<h3 class="mt-1 text-lg font-bold"><a class="hover:underline" href="/courses/java?lesson=${n}#player" data-discover="true">Lesson title number ${n}</a></h3>` +
      `<p class="mt-2 text-muted">What lesson ${n} covers, in a sentence or two of its own words.</p><p class="mt-3 flex flex-wrap gap-2 text-sm"><span data-personal="lesson-finished-${n}" class="contents">`;
    const pieces = Array.from({ length: 30 }, (_, n) => `${n ? "</p></li>" : "<ol>"}${card(n + 1)}`).concat(["</p></li></ol>"]);
    const badge = '<span class="rounded-full bg-emerald-100">Finished</span>';
    const parts = pieces.slice(1).map((_, n) => (n % 3 === 0 ? badge : ""));
    const expected = pieces.map((piece, n) => piece + (parts[n] ?? "")).join("");
    const usual = pieces.slice(1).map(() => "");
    const gzip = new SplicedGzip(
      pieces.map((piece) => Buffer.from(piece)),
      usual,
    );
    const first = gzip.gzip(parts);
    const again = gzip.gzip(parts);
    expect(gunzipSync(first).toString()).toBe(expected);
    expect(execFileSync("gzip", ["-dc"], { input: again }).toString()).toBe(expected);
    // With the usual parts (no badge), near what compressing the whole at once gives, and far below
    // the pieces compressed each alone.
    const usualPage = pieces.join("");
    const spliced = gzip.gzip(usual).length;
    const eachAlone = pieces.reduce(
      (sum, piece) => sum + deflateRawSync(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }).length,
      0,
    );
    expect(spliced).toBeLessThan(gzipSync(usualPage, { level: 9 }).length * 1.6);
    expect(spliced).toBeLessThan(eachAlone * 0.5);
    // A part never seen before a piece (a person's name) still decodes right.
    const named = parts.map((part, n) => (n === 4 ? `<b>Ann ${"x".repeat(n)}</b>` : part));
    for (let round = 0; round < 6; round++) {
      const other = named.map((part) => (part.startsWith("<b>") ? `<b>${round}</b>` : part));
      expect(gunzipSync(gzip.gzip(other)).toString()).toBe(pieces.map((piece, n) => piece + (other[n] ?? "")).join(""));
    }
  });

  it("holds its compressed pieces in memory of their own size, not in zlib's output chunks", () => {
    // V8's collector, to count only what is still held: `gc` exists in contexts made after the flag.
    setFlagsFromString("--expose-gc");
    const collect = runInNewContext("gc") as () => void;
    // Twice: the second waits for what the first freed to be counted.
    const held = () => (collect(), collect(), process.memoryUsage().arrayBuffers);
    const before = held();
    // Ten course pages of forty small pieces, each piece compressed after a visitor's part and a badge.
    const pages = Array.from({ length: 10 }, (_, page) => {
      const pieces = Array.from({ length: 40 }, (_, n) => Buffer.from(`<li>page ${page}, lesson ${n}<span data-personal="b${n}">`));
      const gzip = new SplicedGzip(pieces, Array<string>(39).fill(""));
      gzip.gzip(Array<string>(39).fill("<b>Finished</b>"));
      return gzip;
    });
    // Kept as zlib gives them (views of its 64 KB chunks), these few hundred copies of a few dozen bytes held 17 MB.
    expect(held() - before).toBeLessThan(1024 * 1024);
    expect(pages.every((page) => page.bytes < 40 * 1024)).toBe(true);
  });

  it("makes a valid member of a page without parts", () => {
    expect(gunzipSync(splice(["only this"], [])).toString()).toBe("only this");
  });
});

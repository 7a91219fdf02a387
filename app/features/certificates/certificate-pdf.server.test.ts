import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { certificatePdf, fontRuns, loadedFonts } from "./certificate-pdf.server.ts";

/** Names as people write them in the scripts the PDF has fonts for. */
const names = {
  latin: "Meera Krishnan",
  latinExt: "Łukasz Żółkiewski",
  vietnamese: "Nguyễn Thị Hường",
  greek: "Ελένη Παπαδοπούλου",
  cyrillic: "Анна Сергеевна",
  devanagari: "प्रिया शर्मा",
  tamil: "மீரா கிருஷ்ணன்",
  malayalam: "ലക്ഷ്മി നായർ",
  kannada: "ಅನನ್ಯಾ ರಾವ್",
  bengali: "অর্পিতা সেন",
} as const;

describe("a certificate's PDF", () => {
  it.each(Object.entries(names))("has a font with every letter of a name in %s", async (_script, name) => {
    const { forNames } = await loadedFonts();
    const runs = fontRuns(name, forNames);
    expect(runs.map(({ run }) => run).join("")).toBe(name);
    for (const { run, font, features } of runs) forNames.get(font)!.layout(run, features);
    for (const { run, font } of runs) {
      const fontFile = forNames.get(font)!;
      for (const letter of run) expect(fontFile.hasGlyphForCodePoint(letter.codePointAt(0)!), `${letter} in ${font}`).toBe(true);
    }
  });

  it("keeps a name in one run per script, spaces and brackets staying with the letters they follow", async () => {
    const { forNames } = await loadedFonts();
    expect(fontRuns("மீரா (Meera) Łukasz", forNames).map(({ run, font }) => ({ run, font }))).toEqual([
      { run: "மீரா ", font: "tamilBold" },
      { run: "(Meera) ", font: "latinBold" },
      { run: "Ł", font: "latinExtBold" },
      { run: "ukasz", font: "latinBold" },
    ]);
    // A joiner (the older spelling of a Malayalam chillu, ന്‍) belongs to the letters before it, whichever fonts have it.
    expect(fontRuns("ന്\u200D", forNames).map(({ run, font }) => ({ run, font }))).toEqual([{ run: "ന്\u200D", font: "malayalamBold" }]);
  });

  it("is made for a name in each of these scripts, each run of it with its letters in reading order (for copying and screen readers)", async () => {
    for (const name of Object.values(names)) {
      const pdf = await certificatePdf(
        {
          id: "a".repeat(32),
          holderName: name,
          courseSlug: "html",
          courseTitle: "HTML",
          issuer: "College",
          issuedAt: new Date().toISOString(),
          revokedAt: null,
        },
        "http://localhost:3000/certificates/" + "a".repeat(32),
      );
      expect(actualTexts(pdf).join("")).toContain(name);
    }
  });
});

/** The ActualText of every marked run in a PDF's page contents (PDF 1.7, 14.9.4), decoded. */
function actualTexts(pdf: Buffer): string[] {
  const texts: string[] = [];
  const file = pdf.toString("latin1");
  // Each stream is read by the length its dictionary gives: its bytes may hold anything, line ends included.
  for (const header of file.matchAll(/\d+ \d+ obj\s*<<((?:(?!endobj)[^])*?)>>\s*stream\r?\n/g)) {
    const length = /\/Length (\d+)/.exec(header[1]!)?.[1];
    if (!length || !header[1]!.includes("/FlateDecode")) continue;
    const start = header.index! + header[0].length;
    let contents: string;
    try {
      contents = inflateSync(pdf.subarray(start, start + Number(length))).toString("latin1");
    } catch {
      continue; // a font or an image stream that is not the page's text
    }
    for (const [, literal] of contents.matchAll(/\/ActualText \(((?:\\.|[^\\)])*)\)/gs)) texts.push(decodePdfString(literal!));
  }
  return texts;
}

/** A PDF literal string's bytes (its escapes undone), read as UTF-16BE after a byte-order mark or else as Latin-1. */
function decodePdfString(literal: string): string {
  const escapes: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };
  const bytes = Buffer.from(
    literal.replace(/\\([0-7]{1,3}|.)/gs, (_, code: string) =>
      /^[0-7]/.test(code) ? String.fromCharCode(parseInt(code, 8)) : (escapes[code] ?? code),
    ),
    "latin1",
  );
  if (bytes[0] !== 0xfe || bytes[1] !== 0xff) return bytes.toString("latin1");
  return Buffer.from(bytes.subarray(2)).swap16().toString("utf16le");
}

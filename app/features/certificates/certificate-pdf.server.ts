// The certificate as a PDF to print or attach: made on the server with PDFKit, its holder's name in
// a font that has their script, and a QR code to the page where anyone checks it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Font } from "fontkit";
import { certificateDate, type CertificateView } from "./types.ts";

const require = createRequire(import.meta.url);

/** Noto Sans for the fixed text: Latin only. */
const textFonts = {
  latin: "@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff",
  latinBold: "@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff",
} as const;

/**
 * Bold Noto Sans in each script a name or a course title may be written in, the most common first:
 * each file holds one script's letters (fontsource splits the family so). Scripts written right to
 * left, Telugu, Gujarati, Gurmukhi, Odia and Chinese, Japanese or Korean have none yet (docs/decisions/018).
 */
const nameFonts = {
  latinBold: textFonts.latinBold,
  latinExtBold: "@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff",
  vietnameseBold: "@fontsource/noto-sans/files/noto-sans-vietnamese-700-normal.woff",
  greekBold: "@fontsource/noto-sans/files/noto-sans-greek-700-normal.woff",
  greekExtBold: "@fontsource/noto-sans/files/noto-sans-greek-ext-700-normal.woff",
  cyrillicBold: "@fontsource/noto-sans/files/noto-sans-cyrillic-700-normal.woff",
  cyrillicExtBold: "@fontsource/noto-sans/files/noto-sans-cyrillic-ext-700-normal.woff",
  devanagariBold: "@fontsource/noto-sans/files/noto-sans-devanagari-700-normal.woff",
  tamilBold: "@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff",
  malayalamBold: "@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-700-normal.woff",
  kannadaBold: "@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-700-normal.woff",
  bengaliBold: "@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff",
} as const;

type FontName = keyof typeof textFonts | keyof typeof nameFonts;

export interface LoadedFonts {
  data: Record<FontName, Buffer>;
  /** The name fonts, in order of preference, parsed to ask which letters each has. */
  forNames: Map<FontName, Font>;
}

let fonts: Promise<LoadedFonts> | undefined;
/** Read once, on the first certificate a process makes (a worker that makes none does not carry them). */
export function loadedFonts(): Promise<LoadedFonts> {
  fonts ??= import("fontkit").then(({ create }) => {
    const files: Record<FontName, string> = { ...textFonts, ...nameFonts };
    const data = Object.fromEntries(Object.entries(files).map(([name, file]) => [name, readFileSync(require.resolve(file))])) as Record<
      FontName,
      Buffer
    >;
    const forNames = new Map((Object.keys(nameFonts) as FontName[]).map((name) => [name, create(data[name]) as Font]));
    return { data, forNames };
  });
  return fonts;
}

/** The first name font, in order of preference, that has this letter. */
function firstFontWith(fonts: LoadedFonts["forNames"], codePoint: number): FontName | undefined {
  for (const [name, font] of fonts) if (font.hasGlyphForCodePoint(codePoint)) return name;
  return undefined;
}

/**
 * A text cut into runs, each in a font that has its letters: a letter stays in the font of the run
 * it follows when that font has it (so spaces and punctuation do not split a name), else takes the
 * first name font that has it ("மீரா (Meera)": Tamil, then Latin).
 */
export function fontRuns(text: string, fontsForNames: LoadedFonts["forNames"]) {
  const runs: { run: string; font: FontName }[] = [];
  for (const letter of text) {
    const last = runs.at(-1);
    const codePoint = letter.codePointAt(0)!;
    if (last && fontsForNames.get(last.font)!.hasGlyphForCodePoint(codePoint)) {
      last.run += letter;
      continue;
    }
    const font = firstFontWith(fontsForNames, codePoint) ?? last?.font ?? "latinBold";
    if (last?.font === font) last.run += letter;
    else runs.push({ run: letter, font });
  }
  return runs.map(({ run, font }) => ({ run, font, features: safeFeatures(fontsForNames.get(font)!, run) }));
}

/**
 * OpenType features a run is laid out with: all the font's, unless they fail on it. PDFKit hands
 * them to fontkit, which takes an object that turns features off; PDFKit's types know only a list.
 */
type Features = Record<string, boolean> | undefined;
const forPdfKit = (features: Features) => features as unknown as PDFKit.Mixins.OpenTypeFeatures[] | undefined;

/**
 * fontkit fails on a few mark placements of the Malayalam font (ക്ഷ്മി in Lakshmi: an anchor the
 * font leaves empty): such a run is laid out without placing marks above and below, which those
 * letters barely use, rather than the certificate failing.
 */
const fewerFeatures: Features[] = [undefined, { abvm: false, blwm: false }, { abvm: false, blwm: false, mark: false, mkmk: false }];

function safeFeatures(font: Font, run: string): Features {
  for (const features of fewerFeatures) {
    try {
      font.layout(run, features);
      return features;
    } catch {
      // laid out again with fewer
    }
  }
  return fewerFeatures.at(-1);
}

/** The PDF of a certificate; `verifyUrl` is its public page, which the QR code opens. */
export async function certificatePdf(certificate: CertificateView, verifyUrl: string): Promise<Buffer> {
  // Loaded with the first certificate: a worker that never makes one does not carry them.
  const [{ default: PDFDocument }, QRCode] = await Promise.all([import("pdfkit"), import("qrcode")]);
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    info: {
      Title: `Certificate of completion: ${certificate.courseTitle}`,
      Author: certificate.issuer,
      Subject: `${certificate.holderName} completed ${certificate.courseTitle} (${certificate.id})`,
      Keywords: `certificate ${certificate.id}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  const { data: fontData, forNames } = await loadedFonts();
  for (const [name, data] of Object.entries(fontData)) doc.registerFont(name, data);

  const { width, height } = doc.page;
  const ink = "#181d38";
  const brand = "#0e6a82";
  doc
    .lineWidth(6)
    .strokeColor(brand)
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(1)
    .rect(36, 36, width - 72, height - 72)
    .stroke();

  const centred = (text: string, y: number, font: FontName, size: number, color = ink) =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, 60, y, { width: width - 120, align: "center" });
  /** One line, centred, each script in its font, smaller if it would not fit. */
  const centredName = (text: string, y: number, largest: number, color = ink) => {
    const runs = fontRuns(text, forNames);
    const widthAt = (size: number) =>
      runs.reduce(
        (sum, { run, font, features }) =>
          sum +
          doc
            .font(font)
            .fontSize(size)
            .widthOfString(run, { features: forPdfKit(features) }),
        0,
      );
    const size = Math.min(largest, Math.floor((largest * (width - 160)) / Math.max(1, widthAt(largest))));
    let x = (width - widthAt(size)) / 2;
    // On one baseline: the scripts' fonts have different heights above it.
    for (const { run, font, features } of runs) {
      // The glyphs of a shaped script are not in reading order (a vowel sign before its consonant):
      // the run's letters go with them, for copying, searching and screen readers.
      doc.markContent("Span", { actual: run });
      doc
        .font(font)
        .fontSize(size)
        .fillColor(color)
        .text(run, x, y + size, { lineBreak: false, baseline: "alphabetic", features: forPdfKit(features) });
      doc.endMarkedContent();
      x += doc.widthOfString(run, { features: forPdfKit(features) });
    }
  };
  centredName(certificate.issuer.toUpperCase(), 70, 14, brand);
  centred("Certificate of completion", 110, "latinBold", 34);
  centred("This certifies that", 180, "latin", 14);
  centredName(certificate.holderName, 205, 32);
  centred("has completed the course", 265, "latin", 14);
  centredName(certificate.courseTitle, 290, 24, brand);
  centred(`on ${certificateDate(certificate.issuedAt)}`, 335, "latin", 14);

  // The QR code: its dark modules drawn as squares, with a quiet zone of four.
  const qr = QRCode.create(verifyUrl, { errorCorrectionLevel: "M" });
  const modules = qr.modules.size;
  const side = 120;
  const cell = side / (modules + 8);
  const left = width - 60 - side;
  const top = height - 60 - side;
  doc.rect(left, top, side, side).fill("#ffffff");
  for (let row = 0; row < modules; row++) {
    for (let column = 0; column < modules; column++) {
      if (qr.modules.get(row, column)) doc.rect(left + (column + 4) * cell, top + (row + 4) * cell, cell, cell).fill(ink);
    }
  }
  doc
    .font("latin")
    .fontSize(10)
    .fillColor(ink)
    .text(`Certificate id: ${certificate.id}`, 60, height - 110, { width: width - 260 })
    .text(`Check it at ${verifyUrl}`, 60, height - 92, { width: width - 260 });
  if (certificate.revokedAt) centred(`REVOKED ON ${certificateDate(certificate.revokedAt).toUpperCase()}`, 380, "latinBold", 20, "#b91c1c");

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

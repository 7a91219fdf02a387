// The certificate as a PDF to print or attach: made on the server with PDFKit, its holder's name in
// a font that has their script, and a QR code to the page where anyone checks it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { certificateDate, type CertificateView } from "./types.ts";

const require = createRequire(import.meta.url);

/** Noto Sans, bold and regular, in the scripts a name may be written in here: Latin, and Tamil. */
const fontFiles = {
  latin: "@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff",
  latinBold: "@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff",
  latinExtBold: "@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff",
  tamilBold: "@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff",
} as const;
type FontName = keyof typeof fontFiles;

let fonts: Record<FontName, Buffer> | undefined;
/** Read once, on the first certificate a process makes. */
const fontData = () =>
  (fonts ??= Object.fromEntries(Object.entries(fontFiles).map(([name, file]) => [name, readFileSync(require.resolve(file))])) as Record<
    FontName,
    Buffer
  >);

/** The bold font for a run of text in one script: Tamil, Latin Extended for letters beyond Latin-1, else Latin. */
function boldFontFor(text: string): FontName {
  if (/[\u0B80-\u0BFF]/u.test(text)) return "tamilBold";
  if (/[\u0100-\u024F\u1E00-\u1EFF]/u.test(text)) return "latinExtBold";
  return "latinBold";
}

/** A text cut into runs of one script each ("மீரா (Meera)" → Tamil, then the rest): each font has one script's letters. */
const scriptRuns = (text: string) => text.match(/[\u0B80-\u0BFF]+(?:\s+[\u0B80-\u0BFF]+)*|[^\u0B80-\u0BFF]+/gu) ?? [];

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
  for (const [name, data] of Object.entries(fontData())) doc.registerFont(name, data);

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
    const runs = scriptRuns(text).map((run) => ({ run, font: boldFontFor(run) }));
    const widthAt = (size: number) => runs.reduce((sum, { run, font }) => sum + doc.font(font).fontSize(size).widthOfString(run), 0);
    const size = Math.min(largest, Math.floor((largest * (width - 160)) / Math.max(1, widthAt(largest))));
    let x = (width - widthAt(size)) / 2;
    // On one baseline: the scripts' fonts have different heights above it.
    for (const { run, font } of runs) {
      doc
        .font(font)
        .fontSize(size)
        .fillColor(color)
        .text(run, x, y + size, { lineBreak: false, baseline: "alphabetic" });
      x += doc.widthOfString(run);
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

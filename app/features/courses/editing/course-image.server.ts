import { createHash } from "node:crypto";
import type { Logger } from "pino";
import { COURSE_IMAGE_MAX_MB } from "../limits.ts";

/** Cards show pictures at 3:2; stored at twice the card's size for sharp screens. */
const width = 1200;
const height = 800;

export const courseImageTooLarge = `The picture is larger than ${COURSE_IMAGE_MAX_MB} MB. Please choose a smaller one.`;

export type CourseImageReading = { ok: true; bytes: Buffer; key: string; width: number; height: number } | { ok: false; message: string };

type ImageKind = "png" | "jpeg" | "webp" | "svg";

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);

/** What the file is, by its first bytes: a name or a declared type says nothing. */
function imageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096));
  const opening = text.replace(/^\uFEFF/, "").replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, "");
  return /^<svg[\s>]/i.test(opening) ? "svg" : null;
}

/**
 * Why an SVG cannot be accepted, or null. Such a picture is turned into WebP (never served as
 * SVG), but the drawing library would still fetch what it links to: scripts, event handlers,
 * other files and entity tricks are refused outright rather than quietly dropped.
 */
function svgProblem(svg: string): string | null {
  if (/<script[\s>/]/i.test(svg) || /\son[a-z]+\s*=/i.test(svg) || /javascript:/i.test(svg)) {
    return "This SVG contains a script. Save the drawing without scripts, or as PNG, and upload it again.";
  }
  if (/<!ENTITY/i.test(svg) || /<foreignObject[\s>/]/i.test(svg)) {
    return "This SVG contains parts the site does not accept (entities or embedded HTML). Save it as PNG and upload it again.";
  }
  const links = [...svg.matchAll(/(?:xlink:)?href\s*=\s*["']\s*([^"']*)["']/gi)].map((match) => match[1]!);
  if (
    links.some((link) => !link.startsWith("#") && !/^data:image\/(png|jpeg|webp);base64,/i.test(link)) ||
    /url\(\s*["']?(?!#)/i.test(svg)
  ) {
    return "This SVG links to other files. Save the drawing with everything in it, or as PNG, and upload it again.";
  }
  return null;
}

/**
 * Checks a course picture by its content and makes the stored copy: cropped to 3:2, 1200 × 800,
 * WebP, turned upright and stripped of its metadata (camera, place, author). The key names the
 * course and the picture's content, so a new picture gets a new address and caches never mix them.
 */
export async function readCourseImage(file: File, courseSlug: string, logger: Logger): Promise<CourseImageReading> {
  if (file.size === 0) return { ok: false, message: "The picture file is empty." };
  if (file.size > COURSE_IMAGE_MAX_MB * 1024 * 1024) return { ok: false, message: courseImageTooLarge };
  const input = Buffer.from(await file.arrayBuffer());
  const kind = imageKind(input);
  if (!kind) return { ok: false, message: "This file is not a PNG, JPEG, WebP or SVG picture." };
  if (kind === "svg") {
    const problem = svgProblem(input.toString("utf8"));
    if (problem) return { ok: false, message: problem };
  }
  try {
    // Loaded on first use: the image library is about 15 MB a worker, and most workers never need it.
    const { default: sharp } = await import("sharp");
    const bytes = await sharp(input, { limitInputPixels: 50_000_000, failOn: "error" })
      .rotate()
      .resize(width, height, { fit: "cover" })
      .webp({ quality: 80 })
      .toBuffer();
    const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 12);
    return { ok: true, bytes, key: `course-images/${courseSlug}-${hash}.webp`, width, height };
  } catch (err) {
    // Mostly a damaged file, but a failure of the image library itself would look the same to the person.
    logger.info({ err, kind }, "a course picture could not be read; the form says so");
    return { ok: false, message: `This ${kind.toUpperCase()} picture could not be read; it may be damaged. Please try another file.` };
  }
}

import { execFile } from "node:child_process";
import { open } from "node:fs/promises";
import type { Logger } from "pino";

export type VideoKind = "mp4" | "webm";

/** The ids of EBML's own header and of its DocType element, which names the format ("webm", "matroska"). */
const ebmlHeaderId = 0x1a45dfa3;
const docTypeId = 0x4282;

/**
 * An EBML variable-length number at `at`: its length is told by its first byte's leading zeros. An
 * element's id keeps that marker bit, its size does not. Null past the bytes read.
 */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; end: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let index = 1; index < length; index++) value = value * 256 + bytes[at + index]!;
  return { value, end: at + length };
}

/** The DocType an EBML file declares in its header, or null when the bytes are not an EBML header that says. */
function ebmlDocType(head: Uint8Array): string | null {
  const header = vint(head, 0, true);
  const size = header && header.value === ebmlHeaderId ? vint(head, header.end, false) : null;
  if (!size) return null;
  const end = Math.min(head.length, size.end + size.value);
  for (let at = size.end; at < end;) {
    const id = vint(head, at, true);
    const length = id && vint(head, id.end, false);
    if (!length || length.end + length.value > end) return null;
    if (id.value === docTypeId) return String.fromCharCode(...head.subarray(length.end, length.end + length.value)).replace(/\0+$/, "");
    at = length.end + length.value;
  }
  return null;
}

/**
 * MP4 or WebM by the file's first bytes (an MP4's first box is "ftyp"; WebM is EBML whose header
 * declares the DocType "webm": other Matroska files are not taken), else null.
 */
export function videoKind(head: Uint8Array): VideoKind | null {
  if (head.length >= 12 && String.fromCharCode(...head.subarray(4, 8)) === "ftyp") return "mp4";
  return ebmlDocType(head) === "webm" ? "webm" : null;
}

export async function readHead(path: string, bytes = 256): Promise<Uint8Array> {
  const file = await open(path, "r");
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The duration ffprobe reads, in whole seconds; null when ffprobe is not installed or cannot tell
 * (said in the log: a file it cannot read, or its time running out).
 */
function ffprobeSeconds(path: string, logger: Logger): Promise<number | null> {
  return new Promise((resolve) => {
    execFile(
      "ffprobe",
      ["-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", path],
      { timeout: 15_000 },
      (error, stdout, stderr) => {
        const seconds = Number.parseFloat(stdout);
        if (!error && Number.isFinite(seconds)) return resolve(Math.round(seconds));
        if ((error as NodeJS.ErrnoException | null)?.code !== "ENOENT") {
          logger.warn({ err: error ?? undefined, ffprobe: String(stderr).slice(0, 500) }, "ffprobe could not read a video's length");
        }
        resolve(null);
      },
    );
  });
}

/**
 * An MP4's duration from its movie header (moov/mvhd: a time scale and a duration), read without
 * ffprobe: enough for the files phones and screen recorders make. Null when the boxes are not found.
 */
async function mp4HeaderSeconds(path: string): Promise<number | null> {
  const file = await open(path, "r");
  try {
    const size = (await file.stat()).size;
    const read = async (at: number, length: number) => (await file.read(Buffer.alloc(length), 0, length, at)).buffer;
    /** The boxes between `from` and `to`: their type, where their content starts, where they end. */
    const find = async (from: number, to: number, type: string) => {
      for (let at = from; at + 8 <= to;) {
        const header = await read(at, 16);
        let boxSize = header.readUInt32BE(0);
        let content = at + 8;
        if (boxSize === 1) {
          boxSize = Number(header.readBigUInt64BE(8));
          content = at + 16;
        } else if (boxSize === 0) boxSize = to - at;
        if (boxSize < 8) return null;
        if (header.toString("latin1", 4, 8) === type) return { content, end: at + boxSize };
        at += boxSize;
      }
      return null;
    };
    const moov = await find(0, size, "moov");
    const mvhd = moov && (await find(moov.content, moov.end, "mvhd"));
    if (!mvhd) return null;
    const body = await read(mvhd.content, 32);
    const version = body[0];
    const timescale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12);
    const duration = version === 1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16);
    return timescale > 0 ? Math.round(duration / timescale) : null;
  } catch {
    return null;
  } finally {
    await file.close();
  }
}

/**
 * A video's length in seconds: ffprobe's answer where it is installed (it reads a file or an
 * address), else a local MP4's header; null when neither tells.
 */
export async function videoSeconds(pathOrUrl: string, kind: VideoKind, logger: Logger): Promise<number | null> {
  const probed = await ffprobeSeconds(pathOrUrl, logger);
  if (probed !== null || kind !== "mp4" || /^https?:/.test(pathOrUrl)) return probed;
  return mp4HeaderSeconds(pathOrUrl);
}

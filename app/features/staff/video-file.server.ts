import { execFile } from "node:child_process";
import { open } from "node:fs/promises";

export type VideoKind = "mp4" | "webm";

/** MP4 or WebM by the file's first bytes (an MP4's first box is "ftyp"; WebM is EBML), else null. */
export function videoKind(head: Uint8Array): VideoKind | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(4, 8) === "ftyp") return "mp4";
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    // EBML is also Matroska's container: WebM says so in its DocType.
    return ascii(0, Math.min(head.length, 64)).includes("webm") ? "webm" : null;
  }
  return null;
}

export async function readHead(path: string, bytes = 64): Promise<Uint8Array> {
  const file = await open(path, "r");
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** The duration ffprobe reads, in whole seconds; null when ffprobe is not installed or cannot tell. */
function ffprobeSeconds(path: string): Promise<number | null> {
  return new Promise((resolve) => {
    execFile(
      "ffprobe",
      ["-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", path],
      { timeout: 15_000 },
      (error, stdout) => {
        const seconds = Number.parseFloat(stdout);
        resolve(error || !Number.isFinite(seconds) ? null : Math.round(seconds));
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
export async function videoSeconds(pathOrUrl: string, kind: VideoKind): Promise<number | null> {
  const probed = await ffprobeSeconds(pathOrUrl);
  if (probed !== null || kind !== "mp4" || /^https?:/.test(pathOrUrl)) return probed;
  return mp4HeaderSeconds(pathOrUrl);
}

// Gzip for a page made of pieces compressed once and small parts that change per request,
// without compressing the page again for each (RFC 1951 and 1952). Each fixed piece is a raw
// deflate stream of its own, ended by a sync flush: it starts and ends on a byte boundary. The
// parts in between go as stored (uncompressed) blocks, which need no work. One final empty block
// and the gzip trailer close the member.
//
// A piece compressed alone loses what it shares with the markup before it (a course page's
// lesson cards, cut by each card's personal badge, came out twice the size of the whole page
// gzipped). So a piece is also compressed with the markup just before it as its dictionary: the
// piece before and the part between, when that part is one seen before (a badge is there or not;
// a visitor's nav bar). Its back-references then reach only those bytes, which are exactly the
// ones before it in the page sent.
import { constants, crc32, deflateRawSync } from "node:zlib";
import { crc32Combine, crc32Shift, type Crc32Shift } from "./crc32-combine.ts";
import { inMemoryOfTheirOwn } from "./own-memory.ts";

/** A gzip member's header: deflate, no name or time, unknown system. */
const header = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last block: final, fixed Huffman codes, nothing but the end-of-block code. */
const lastBlock = Buffer.from([0x03, 0x00]);
/** A stored block holds at most this much. */
const storedBlockBytes = 0xffff;
/** Parts before a piece it is kept compressed after (a visitor's, a badge's two states, a few people's names). */
const variantsPerPiece = 4;

// In the worker's own thread: in zlib's threads, thirty pages kept at once held a zlib state of
// 300 KB for each of their pieces together (the largest worker went from 290 to 378 MB) and took
// longer, the threads competing with the workers for the two cores.
// Kept for as long as the page, so copied out of zlib's output chunk (own-memory.ts).
const compress = (piece: Buffer, dictionary?: Buffer): Buffer =>
  inMemoryOfTheirOwn(deflateRawSync(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) }));

/** The bytes a part takes as stored blocks: each block's 5-byte head, then the part's own bytes (none for an empty part). */
const storedLength = (partBytes: number) => Math.ceil(partBytes / storedBlockBytes) * 5 + partBytes;

/** Writes `bytes` at `offset` of `out` as stored blocks; returns where they end. */
function writeStored(out: Buffer, offset: number, bytes: Buffer): number {
  for (let from = 0; from < bytes.length; from += storedBlockBytes) {
    const length = Math.min(storedBlockBytes, bytes.length - from);
    out[offset] = 0;
    out.writeUInt16LE(length, offset + 1);
    out.writeUInt16LE(~length & 0xffff, offset + 3);
    offset += 5 + bytes.copy(out, offset + 5, from, from + length);
  }
  return offset;
}

/** A part as the splice writes it: its UTF-8 bytes, their CRC-32 and what moves a CRC past them. */
interface EncodedPart {
  bytes: Buffer;
  crc: number;
  shift: Crc32Shift;
}

/** What moves a CRC past so many bytes, by their number: parts of the same length (a badge's two states) come back on every request. */
const shiftsByLength = new Map<number, Crc32Shift>();
/** 512 KB of tables at most. */
const shiftsKept = 1024;

function shiftOf(length: number): Crc32Shift {
  let shift = shiftsByLength.get(length);
  if (!shift) {
    if (shiftsByLength.size >= shiftsKept) shiftsByLength.clear();
    shiftsByLength.set(length, (shift = crc32Shift(length)));
  }
  return shift;
}

/**
 * Each array of parts encoded, made once per array: a person whose data is unchanged gets the same
 * array again (personal-template.ts), and writing its parts as UTF-8 and reading their bytes for
 * the CRC on every request was a twentieth of a signed-in course page's time.
 */
const encodedParts = new WeakMap<readonly string[], (EncodedPart | undefined)[]>();

function encodingOf(parts: readonly string[]): (EncodedPart | undefined)[] {
  let encoded = encodedParts.get(parts);
  if (!encoded) {
    encoded = parts.map((part) => {
      if (!part) return undefined;
      const bytes = Buffer.from(part, "utf8");
      return { bytes, crc: crc32(bytes), shift: shiftOf(bytes.length) };
    });
    encodedParts.set(parts, encoded);
  }
  return encoded;
}

/** The fixed pieces of a page, ready to be gzipped with the parts that go between them. */
export class SplicedGzip {
  readonly #pieces: readonly Buffer[];
  /** Each piece compressed alone, made when first needed: after the first, most pieces go compressed after a part seen before. */
  readonly #alone: (Buffer | undefined)[];
  /** Per piece (from the second), its compressed copies by the part just before it (its markup). */
  readonly #afterPart: Map<string, Buffer>[];
  /** Each piece's CRC-32 and what moves a CRC past it, so a page's CRC never reads the pieces again. */
  readonly #crcs: { crc: number; shift: Crc32Shift }[];
  /** What they take in memory: the compressed copies and the tables that move a CRC past each piece. */
  bytes = 0;

  /** `usualParts`: the parts most requests have (a visitor's), compressed after at once. */
  constructor(pieces: readonly Buffer[], usualParts: readonly string[]) {
    this.#pieces = pieces;
    this.#alone = pieces.map(() => undefined);
    this.#afterPart = pieces.map(() => new Map());
    this.#crcs = pieces.map((piece) => ({ crc: crc32(piece), shift: crc32Shift(piece.length) }));
    for (const { shift } of this.#crcs) this.bytes += shift.byteLength;
    this.#aloneOf(0);
    for (const [index, part] of usualParts.entries()) this.#compressedAfter(index + 1, part);
  }

  #aloneOf(index: number): Buffer {
    let alone = this.#alone[index];
    if (!alone) {
      alone = this.#alone[index] = compress(this.#pieces[index]!);
      this.bytes += alone.length;
    }
    return alone;
  }

  #compressedAfter(index: number, part: string): Buffer {
    const variants = this.#afterPart[index]!;
    let compressed = variants.get(part);
    if (!compressed) {
      if (variants.size >= variantsPerPiece) return this.#aloneOf(index);
      compressed = compress(this.#pieces[index]!, Buffer.concat([this.#pieces[index - 1]!, Buffer.from(part, "utf8")]));
      variants.set(part, compressed);
      this.bytes += compressed.length;
    }
    return compressed;
  }

  /**
   * The gzip of `pieces[0] + parts[0] + pieces[1] + … + parts[n-1] + pieces[n]`, the parts as UTF-8.
   * Written into one buffer sized first: a buffer per block head and a copy of each part, then a
   * concatenation of them all, were 7 % of a signed-in course page's time under load. `allocate`
   * gives that buffer (body-buffers.ts).
   */
  gzip(parts: readonly string[], allocate: (size: number) => Buffer = Buffer.allocUnsafe): Buffer {
    const chunks = this.#pieces.map((_, index) => (index === 0 ? this.#aloneOf(0) : this.#compressedAfter(index, parts[index - 1] ?? "")));
    const encoded = encodingOf(parts);
    let total = header.length + lastBlock.length + 8;
    for (const [index, chunk] of chunks.entries()) total += chunk.length + storedLength(encoded[index]?.bytes.length ?? 0);
    const out = allocate(total);
    let offset = header.copy(out, 0);
    let crc = 0;
    let length = 0;
    for (const [index, chunk] of chunks.entries()) {
      offset += chunk.copy(out, offset);
      const { crc: pieceCrc, shift } = this.#crcs[index]!;
      crc = crc32Combine(crc, pieceCrc, shift);
      length += this.#pieces[index]!.length;
      const part = encoded[index];
      if (!part) continue;
      offset = writeStored(out, offset, part.bytes);
      crc = crc32Combine(crc, part.crc, part.shift);
      length += part.bytes.length;
    }
    offset += lastBlock.copy(out, offset);
    out.writeUInt32LE(crc >>> 0, offset);
    out.writeUInt32LE(length % 2 ** 32, offset + 4);
    return out;
  }
}

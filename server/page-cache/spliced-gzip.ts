// Gzip for a page made of pieces compressed once and small parts that change per request,
// without compressing the page again for each (RFC 1951 and 1952). Each fixed piece is its own
// raw deflate stream ended by a sync flush: it starts on a byte boundary, refers to nothing before
// it, and ends on one. The parts in between go as stored (uncompressed) blocks, which need no
// work; they are a few hundred bytes. One final empty block and the gzip trailer close the member.
import { constants, crc32, deflateRawSync } from "node:zlib";

/** A gzip member's header: deflate, no name or time, unknown system. */
const header = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last block: final, fixed Huffman codes, nothing but the end-of-block code. */
const lastBlock = Buffer.from([0x03, 0x00]);
/** A stored block holds at most this much. */
const storedBlockBytes = 0xffff;

/** A fixed piece, compressed at the best level, for `splicedGzip`. */
export const compressedPiece = (piece: Buffer): Buffer => deflateRawSync(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });

function storedBlocks(part: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < part.length; offset += storedBlockBytes) {
    const chunk = part.subarray(offset, offset + storedBlockBytes);
    const head = Buffer.alloc(5);
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(head, chunk);
  }
  return blocks;
}

/**
 * The gzip of `pieces[0] + parts[0] + pieces[1] + … + parts[n-1] + pieces[n]`, given each fixed
 * piece as it is and compressed (`compressedPiece`).
 */
export function splicedGzip(pieces: readonly Buffer[], compressed: readonly Buffer[], parts: readonly Buffer[]): Buffer {
  const chunks: Buffer[] = [header];
  let crc = 0;
  let length = 0;
  for (const [index, piece] of pieces.entries()) {
    chunks.push(compressed[index]!);
    crc = crc32(piece, crc);
    length += piece.length;
    const part = parts[index];
    if (part === undefined || part.length === 0) continue;
    chunks.push(...storedBlocks(part));
    crc = crc32(part, crc);
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  chunks.push(lastBlock, trailer);
  return Buffer.concat(chunks);
}

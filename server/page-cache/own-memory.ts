// What a kept page holds must be its bytes and no more. zlib hands its results back as views of
// its 64 KB output chunks, so a 300-byte compressed piece kept as it came kept 64 KB alive: a
// course page cut around its lessons' badges held a chunk per piece and per variant, and a worker
// keeping the class's lesson pages grew by about 50 MB for a few hundred kilobytes of pages.

/** `bytes` in memory of their own, exactly their size (a copy when they are a view of something larger). */
export function inMemoryOfTheirOwn(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, crc32Shift } from "./crc32-combine.ts";

describe("crc32Combine", () => {
  it("gives zlib's CRC of the joined bytes, for lengths from none to past 64 KB", () => {
    for (const [firstLength, secondLength] of [
      [0, 0],
      [0, 1],
      [1, 0],
      [3, 5],
      [1000, 1],
      [17, 65_537],
      [150_000, 4_093],
      [1, 1 << 20],
    ] as const) {
      const first = randomBytes(firstLength);
      const second = randomBytes(secondLength);
      expect(crc32Combine(crc32(first), crc32(second), crc32Shift(secondLength))).toBe(crc32(Buffer.concat([first, second])));
    }
  });

  it("joins many pieces in order as one CRC over all of them", () => {
    const pieces = Array.from({ length: 40 }, (_, index) => randomBytes(index * 97));
    let joined = 0;
    for (const piece of pieces) joined = crc32Combine(joined, crc32(piece), crc32Shift(piece.length));
    expect(joined).toBe(crc32(Buffer.concat(pieces)));
  });

  it("is a CRC of the standard check string", () => {
    const check = Buffer.from("123456789");
    // CRC-32's check value (the catalogue of parametrised CRC algorithms): 0xCBF43926.
    expect(crc32Combine(crc32(check.subarray(0, 4)), crc32(check.subarray(4)), crc32Shift(5))).toBe(0xcbf43926);
  });
});

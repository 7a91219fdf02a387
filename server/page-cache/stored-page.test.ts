import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { storePage } from "./stored-page.ts";

const ownsItsMemory = (bytes: Buffer) => bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length;

describe("a page kept for every visitor", () => {
  it("holds each of its encodings in memory of its own size, so the store's count of bytes is what it holds", async () => {
    // A small page: its text fits zlib's output chunk and Buffer's shared pool many times over.
    const html = `<!doctype html><html><head><script nonce="n0nce">1</script></head><body><p>Leçon 1</p></body></html>`;
    const page = await storePage(html, {
      nonce: "n0nce",
      slots: undefined,
      address: "/",
      stamp: "courses:1",
      topics: ["courses"],
      contentType: "text/html; charset=utf-8",
      vary: [],
      varyValues: [],
    });
    await page!.brotliReady();
    const { identity, gzip, br } = page!.bodies;
    const expected = html.replace(' nonce="n0nce"', "");
    expect(identity.bytes.toString()).toBe(expected);
    expect(gunzipSync(gzip.bytes).toString()).toBe(expected);
    expect(brotliDecompressSync(br!.bytes).toString()).toBe(expected);
    expect([identity, gzip, br!].map(({ bytes }) => ownsItsMemory(bytes))).toEqual([true, true, true]);
  });
});

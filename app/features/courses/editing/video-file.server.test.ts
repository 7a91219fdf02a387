import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { videoKind } from "./video-file.server.ts";

/** An EBML header as Matroska muxers write it (EBMLVersion, ReadVersion, MaxIDLength, MaxSizeLength, DocType, its versions). */
function ebmlHeader(docType: string): Uint8Array {
  const element = (id: number[], content: number[]) => [...id, 0x80 | content.length, ...content];
  const text = [...docType].map((character) => character.charCodeAt(0));
  const children = [
    ...element([0x42, 0x86], [1]),
    ...element([0x42, 0xf7], [1]),
    ...element([0x42, 0xf2], [4]),
    ...element([0x42, 0xf3], [8]),
    ...element([0x42, 0x82], text),
    ...element([0x42, 0x87], [4]),
    ...element([0x42, 0x85], [2]),
  ];
  // Then the Segment (0x18538067) of unknown size, as live recordings write it.
  return new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x80 | children.length, ...children, 0x18, 0x53, 0x80, 0x67, 0x01, 0xff]);
}

describe("videoKind", () => {
  it("takes an MP4 by its ftyp box and a WebM by the DocType of its EBML header", () => {
    expect(videoKind(new Uint8Array(readFileSync("media/java/01.mp4")).subarray(0, 64))).toBe("mp4");
    expect(videoKind(ebmlHeader("webm"))).toBe("webm");
  });

  it("refuses Matroska that is not WebM, even with the word webm right after its header", () => {
    expect(videoKind(ebmlHeader("matroska"))).toBeNull();
    const named = new Uint8Array([...ebmlHeader("matroska"), ...new TextEncoder().encode("webm")]);
    expect(videoKind(named)).toBeNull();
  });

  it("refuses what only starts like EBML: a header cut short, a DocType running past it, other bytes", () => {
    const webm = ebmlHeader("webm");
    expect(videoKind(webm.subarray(0, 20))).toBeNull();
    const overlong = Uint8Array.from(webm);
    overlong[4] = 0x80 | 8; // the header claims 8 bytes: the DocType lies past its end
    expect(videoKind(overlong)).toBeNull();
    expect(videoKind(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]))).toBeNull();
    expect(videoKind(new TextEncoder().encode("#!/bin/sh\necho webm\n"))).toBeNull();
    expect(videoKind(new Uint8Array())).toBeNull();
  });
});

import { randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressedPiece, splicedGzip } from "./spliced-gzip.ts";

const splice = (pieces: string[], parts: (string | Buffer)[]) => {
  const bytes = pieces.map((piece) => Buffer.from(piece));
  return splicedGzip(
    bytes,
    bytes.map(compressedPiece),
    parts.map((part) => Buffer.from(part)),
  );
};

describe("gzip spliced from pieces compressed once and parts sent stored", () => {
  it("decodes to the pieces and parts in order, for zlib and for the gzip program", () => {
    const pieces = ["<html><body><p>", "</p><ul>" + "<li>a lesson</li>".repeat(500), "</ul>", "</body></html>"];
    const parts = ["Ann Example", "", '<script type="application/json">{"a":1}</script>'];
    const gzip = splice(pieces, parts);
    const expected = pieces[0]! + parts[0] + pieces[1] + parts[1] + pieces[2] + parts[2] + pieces[3];
    expect(gunzipSync(gzip).toString()).toBe(expected);
    // Another decoder than the one that wrote it: gzip(1) checks the trailer's CRC and length too.
    expect(execFileSync("gzip", ["-dc"], { input: gzip }).toString()).toBe(expected);
  });

  it("cuts a part longer than a stored block can hold into several", () => {
    const long = randomBytes(200_000);
    const gzip = splice(["a", "b"], [long]);
    expect(gunzipSync(gzip).equals(Buffer.concat([Buffer.from("a"), long, Buffer.from("b")]))).toBe(true);
  });

  it("makes a valid member of a page without parts", () => {
    expect(gunzipSync(splice(["only this"], [])).toString()).toBe("only this");
  });
});

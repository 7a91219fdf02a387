import { describe, expect, it } from "vitest";
import { iso2709 } from "#tests/fixtures/library/marc-writer.ts";
import { iso2709Records } from "./iso2709-records.server.ts";

const records = [1, 2, 3].map((n) => iso2709({ control: [["001", `r${n}`]], data: [["245", "10", "a", `Book ${n} — ünïcödé`]] }));
const file = Buffer.concat(records);

async function readAll(chunks: Buffer[]) {
  async function* source() {
    yield* chunks;
  }
  const out = [];
  for await (const record of iso2709Records(source())) out.push(record);
  return out;
}

describe("reading ISO 2709", () => {
  it("reads records whatever the chunks they arrive in, multi-byte characters included", async () => {
    const whole = await readAll([file]);
    const byteByByte = await readAll([...file].map((byte) => Buffer.from([byte])));
    expect(byteByByte).toEqual(whole);
    expect(whole.map((r) => ("record" in r ? r.record.dataFields[0]?.subfields[0]?.value : r.problem))).toEqual([
      "Book 1 — ünïcödé",
      "Book 2 — ünïcödé",
      "Book 3 — ünïcödé",
    ]);
    expect(whole.map((r) => r.number)).toEqual([1, 2, 3]);
  });

  it("accepts a line end after the last record", async () => {
    expect(await readAll([file, Buffer.from("\r\n")])).toHaveLength(3);
  });

  it("reports a MARC-8 record with accented letters as that record's problem", async () => {
    const marc8 = Buffer.from(records[1]!);
    marc8[9] = 0x20;
    const read = await readAll([records[0]!, marc8, records[2]!]);
    expect(read[1]).toEqual({ number: 2, problem: expect.stringMatching(/MARC-8 character set/) });
    expect(read.filter((r) => "record" in r)).toHaveLength(2);
  });

  it("stops at a record whose leader or directory is damaged", async () => {
    const badLength = Buffer.from(records[1]!);
    badLength.write("0", 24 + 12 + 3, "latin1"); // the 245 entry's length, first digit
    badLength.write("9", 24 + 12 + 4, "latin1");
    await expect(readAll([records[0]!, badLength])).rejects.toThrow(/^record 2 is damaged: it has field 245 pointing outside its data$/);
    await expect(readAll([Buffer.from("this is not a MARC file, not at all\x1d")])).rejects.toThrow(
      /not MARC 21 \(ISO 2709\): record 1 has no valid leader/,
    );
    await expect(readAll([file.subarray(0, file.length - 5)])).rejects.toThrow(/ends inside record 3/);
  });
});

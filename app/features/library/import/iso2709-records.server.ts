import { isUtf8 } from "node:buffer";
import marcjs from "marcjs";
import type { MarcDataField, MarcRecord } from "./marc-record.ts";
import { ImportFileError } from "./source-entry.ts";

const recordTerminator = 0x1d;
const fieldTerminator = 0x1e;

export type NumberedMarcRecord = { number: number; record: MarcRecord } | { number: number; problem: string };

/**
 * Records of a MARC 21 exchange file (ISO 2709), numbered from 1. Each record's structure (leader,
 * directory, field terminators) is checked before marcjs reads its fields: a damaged record, or a
 * file cut short, stops the import, as the records after it can no longer be trusted.
 */
export async function* iso2709Records(bytes: AsyncIterable<Buffer>): AsyncGenerator<NumberedMarcRecord> {
  let pending: Buffer = Buffer.alloc(0);
  let number = 0;
  for await (const chunk of bytes) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let start = 0;
    for (let end = pending.indexOf(recordTerminator, start); end !== -1; end = pending.indexOf(recordTerminator, start)) {
      number += 1;
      yield readRecord(pending.subarray(start, end + 1), number);
      start = end + 1;
    }
    pending = pending.subarray(start);
  }
  // Line ends or an old end-of-file mark may follow the last record; anything else is a cut.
  if (pending.some((byte) => ![0x0a, 0x0d, 0x20, 0x1a].includes(byte))) {
    throw new ImportFileError(
      number === 0
        ? "the file is not MARC 21 (ISO 2709): no record terminator found"
        : `the file ends inside record ${number + 1}: it looks cut short`,
    );
  }
}

function readRecord(raw: Buffer, number: number): NumberedMarcRecord {
  const damage = structuralDamage(raw);
  if (damage) {
    throw new ImportFileError(
      number === 1 ? `the file is not MARC 21 (ISO 2709): record 1 ${damage}` : `record ${number} is damaged: it ${damage}`,
    );
  }
  // Leader/09 "a" means UTF-8; blank means MARC-8, which only agrees with UTF-8 on plain ASCII.
  const unicode = raw[9] === 0x61;
  if (!unicode && raw.some((byte) => byte > 0x7f)) {
    return {
      number,
      problem: "is in the MARC-8 character set (leader/09 is blank), which the importer does not read: export the records as UTF-8",
    };
  }
  if (!isUtf8(raw)) return { number, problem: "is not valid UTF-8 although its leader says it is" };
  return { number, record: fromMarcjs(marcjs.Iso2709Parser.parse(raw)) };
}

/** What is wrong with the leader or directory, if anything. */
function structuralDamage(raw: Buffer): string | undefined {
  if (raw.length < 26) return `is only ${raw.length} bytes long (a leader alone is 24)`;
  const leader = raw.toString("latin1", 0, 24);
  if (!/^\d{5}/.test(leader) || !/^\d{5}$/.test(leader.slice(12, 17))) return `has no valid leader (${JSON.stringify(leader)})`;
  const baseAddress = Number(leader.slice(12, 17));
  if (baseAddress > raw.length || (baseAddress - 25) % 12 !== 0 || raw[baseAddress - 1] !== fieldTerminator) {
    return `has a base address (${baseAddress}) that does not end its directory`;
  }
  for (let entry = 24; entry < baseAddress - 1; entry += 12) {
    const text = raw.toString("latin1", entry, entry + 12);
    if (!/^[\dA-Za-z]{3}\d{9}$/.test(text)) return `has a damaged directory entry (${JSON.stringify(text)})`;
    const length = Number(text.slice(3, 7));
    const end = baseAddress + Number(text.slice(7, 12)) + length;
    if (length < 1 || end > raw.length - 1 || raw[end - 1] !== fieldTerminator) {
      return `has field ${text.slice(0, 3)} pointing outside its data`;
    }
  }
  return undefined;
}

function fromMarcjs(parsed: { leader: string; fields: string[][] }): MarcRecord {
  const controlFields = new Map<string, string>();
  const dataFields: MarcDataField[] = [];
  for (const [tag = "", ...rest] of parsed.fields) {
    if (/^00\d$/.test(tag)) {
      if (!controlFields.has(tag)) controlFields.set(tag, rest[0] ?? "");
      continue;
    }
    const [indicators = "  ", ...pairs] = rest;
    const subfields: MarcDataField["subfields"] = [];
    for (let i = 0; i + 1 < pairs.length; i += 2) subfields.push({ code: pairs[i]!, value: pairs[i + 1]! });
    dataFields.push({ tag, ind1: indicators[0] ?? " ", ind2: indicators[1] ?? " ", subfields });
  }
  return { leader: parsed.leader, controlFields, dataFields };
}

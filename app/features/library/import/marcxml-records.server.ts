import { SaxesParser, type SaxesTagNS } from "saxes";
import type { MarcDataField, MarcRecord } from "./marc-record.ts";
import { ImportFileError } from "./source-entry.ts";

export const marcSlimNamespace = "http://www.loc.gov/MARC21/slim";

export interface NumberedMarcXmlRecord {
  number: number;
  /** Where the record starts, for messages. */
  line: number;
  record: MarcRecord;
}

/**
 * Records of a MARCXML file (a <collection> of <record>s, or one <record>, in the MARC 21 slim
 * namespace; prefixed or not; inside another document such as an OAI-PMH answer too), numbered
 * from 1. XML that is not well formed stops the import.
 */
export async function* marcXmlRecords(text: AsyncIterable<string>): AsyncGenerator<NumberedMarcXmlRecord> {
  const parser = new SaxesParser({ xmlns: true });
  const done: NumberedMarcXmlRecord[] = [];
  let number = 0;
  let sawMarc = false;
  let current: { line: number; record: MarcRecord } | undefined;
  let field: MarcDataField | undefined;
  let element: { name: string; tag?: string; code?: string } | undefined;
  let content = "";

  const isMarc = (tag: SaxesTagNS) => tag.uri === marcSlimNamespace || tag.uri === "";
  const attribute = (tag: SaxesTagNS, name: string) => tag.attributes[name]?.value;

  parser.on("opentag", (tag) => {
    if (!isMarc(tag)) return;
    sawMarc ||= tag.uri === marcSlimNamespace || tag.local === "collection" || tag.local === "record";
    if (tag.local === "record") {
      current = { line: parser.line, record: { leader: "", controlFields: new Map(), dataFields: [] } };
    } else if (!current) {
      return;
    } else if (tag.local === "datafield") {
      const indicator = (name: string) => (attribute(tag, name) ?? " ").padEnd(1).slice(0, 1);
      field = { tag: attribute(tag, "tag") ?? "", ind1: indicator("ind1"), ind2: indicator("ind2"), subfields: [] };
    } else {
      element = { name: tag.local, tag: attribute(tag, "tag"), code: attribute(tag, "code") };
      content = "";
    }
  });
  const addText = (chunk: string) => {
    if (element) content += chunk;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", (tag) => {
    if (!isMarc(tag) || !current) return;
    if (tag.local === "record") {
      number += 1;
      done.push({ number, ...current });
      current = undefined;
    } else if (tag.local === "datafield" && field) {
      current.record.dataFields.push(field);
      field = undefined;
    } else if (element && tag.local === element.name) {
      if (element.name === "leader") current.record.leader = content;
      else if (element.name === "controlfield" && element.tag && !current.record.controlFields.has(element.tag)) {
        current.record.controlFields.set(element.tag, content);
      } else if (element.name === "subfield" && field) field.subfields.push({ code: element.code ?? "", value: content });
      element = undefined;
    }
  });

  try {
    for await (const chunk of text) {
      parser.write(chunk);
      yield* done.splice(0);
    }
    parser.close();
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(`the file is not well-formed XML: ${(error as Error).message}`);
  }
  yield* done.splice(0);
  if (!sawMarc)
    throw new ImportFileError(
      `the file holds no MARCXML: no <collection> or <record> in the MARC 21 slim namespace (${marcSlimNamespace})`,
    );
}

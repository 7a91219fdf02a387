import type { IncomingMessage } from "node:http";
import busboy from "busboy";
import { FILE_LEFT_OUT_FIELD } from "../app/lib/form-files.ts";

/** A form read without its files that did not fit: encoded again, to be read as any form is. */
export type FormWithoutLargeFiles =
  { ok: true; body: Uint8Array<ArrayBuffer>; type: string } | { ok: false; problem: "unreadable" | "fields-too-large" };

/** More than any staff form has; a post with more parts is no form of ours. */
const maxParts = 200;

/**
 * Reads a multipart form as it arrives, keeping its fields and the files that fit in `maxBytes`
 * (all of them together), and naming each file that does not in FILE_LEFT_OUT_FIELD: its bytes are
 * read and dropped, so at most `maxBytes` are held, however large the post. Fields that do not fit
 * on their own cannot be kept as typed: the form is then refused.
 */
export async function readFormWithoutLargeFiles(req: IncomingMessage, maxBytes: number): Promise<FormWithoutLargeFiles> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, defParamCharset: "utf8", limits: { fieldSize: maxBytes, parts: maxParts } });
  } catch {
    return { ok: false, problem: "unreadable" };
  }
  // In the order they came, each file once read to its end (or left out).
  const parts: Array<Promise<[string, string | File]>> = [];
  let held = 0;
  let fieldsTooLarge = false;
  let tooManyParts = false;
  parser.on("field", (name, value, info) => {
    held += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (info.valueTruncated || held > maxBytes) fieldsTooLarge = true;
    else parts.push(Promise.resolve([name, value]));
  });
  parser.on("file", (name, stream, { filename, mimeType }) => {
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let fits = true;
    stream.on("data", (chunk: Buffer) => {
      if (fits && held + chunk.length <= maxBytes) {
        held += chunk.length;
        chunks.push(new Uint8Array(chunk));
        return;
      }
      if (fits) held -= chunks.reduce((sum, kept) => sum + kept.length, 0);
      fits = false;
      chunks.length = 0;
    });
    parts.push(
      new Promise((resolve) => {
        stream.on("end", () => resolve(fits ? [name, new File(chunks, filename ?? "", { type: mimeType })] : [FILE_LEFT_OUT_FIELD, name]));
        // A form cut off inside a file: the parser says so too (the form is then refused), and an
        // error event no one listens to would end the process.
        stream.on("error", () => resolve([FILE_LEFT_OUT_FIELD, name]));
      }),
    );
  });
  parser.on("partsLimit", () => (tooManyParts = true));
  const read = await new Promise<boolean>((resolve) => {
    parser.on("close", () => resolve(true));
    parser.on("error", () => resolve(false));
    // A client gone before the end: the parser hears no more.
    req.on("close", () => {
      if (!req.complete) resolve(false);
    });
    req.pipe(parser);
  });
  if (!read || tooManyParts) return { ok: false, problem: "unreadable" };
  if (fieldsTooLarge) return { ok: false, problem: "fields-too-large" };
  const form = new FormData();
  for (const [name, value] of await Promise.all(parts)) form.append(name, value);
  const encoded = new Response(form);
  return { ok: true, body: new Uint8Array(await encoded.arrayBuffer()), type: encoded.headers.get("content-type")! };
}

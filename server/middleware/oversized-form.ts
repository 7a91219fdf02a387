import type { IncomingMessage } from "node:http";
import busboy from "busboy";
import { FILE_LEFT_OUT_FIELD } from "#app/lib/forms/form-files.ts";

/** A form read without its files that did not fit: encoded again, to be read as any form is. */
export type FormWithoutLargeFiles =
  { ok: true; body: Uint8Array<ArrayBuffer>; type: string } | { ok: false; problem: "unreadable" | "fields-too-large" };

/** More than any staff form has; a post with more parts is no form of ours. */
const maxParts = 200;

/** A file of the form: its bytes while they fit, or none once it is left out. */
interface FilePart {
  name: string;
  filename: string;
  type: string;
  chunks: Uint8Array<ArrayBuffer>[];
  bytes: number;
  fits: boolean;
}

/**
 * Reads a multipart form as it arrives, keeping its fields and the files that fit in `maxBytes`
 * (all of them together), and naming each file that does not in FILE_LEFT_OUT_FIELD: its bytes are
 * read and dropped, so at most `maxBytes` are held, however large the post. What was typed comes
 * first: a field that arrives when files fill the room leaves files out (the largest first) to
 * fit. Fields that do not fit on their own cannot be kept as typed: the form is then refused.
 */
export async function readFormWithoutLargeFiles(req: IncomingMessage, maxBytes: number): Promise<FormWithoutLargeFiles> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, defParamCharset: "utf8", limits: { fieldSize: maxBytes, parts: maxParts } });
  } catch {
    return { ok: false, problem: "unreadable" };
  }
  // In the order they came; each file's promise settles once it is read to its end.
  const parts: Array<{ name: string; value: string } | Promise<FilePart>> = [];
  const files: FilePart[] = [];
  let fieldBytes = 0;
  let held = 0;
  let fieldsTooLarge = false;
  let tooManyParts = false;
  const leaveOut = (file: FilePart) => {
    held -= file.bytes;
    file.fits = false;
    file.chunks = [];
    file.bytes = 0;
  };
  parser.on("field", (name, value, info) => {
    const size = Buffer.byteLength(name) + Buffer.byteLength(value);
    fieldBytes += size;
    if (info.valueTruncated || fieldBytes > maxBytes) {
      fieldsTooLarge = true;
      return;
    }
    held += size;
    for (const file of [...files].sort((a, b) => b.bytes - a.bytes)) {
      if (held <= maxBytes) break;
      if (file.fits) leaveOut(file);
    }
    parts.push({ name, value });
  });
  parser.on("file", (name, stream, { filename, mimeType }) => {
    const file: FilePart = { name, filename: filename ?? "", type: mimeType, chunks: [], bytes: 0, fits: true };
    files.push(file);
    stream.on("data", (chunk: Buffer) => {
      if (!file.fits) return;
      if (held + chunk.length > maxBytes) return leaveOut(file);
      held += chunk.length;
      file.bytes += chunk.length;
      file.chunks.push(new Uint8Array(chunk));
    });
    parts.push(
      new Promise((resolve) => {
        stream.on("end", () => resolve(file));
        // A form cut off inside a file: the parser says so too (the form is then refused), and an
        // error event no one listens to would end the process.
        stream.on("error", () => {
          leaveOut(file);
          resolve(file);
        });
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
  for (const part of await Promise.all(parts)) {
    if ("value" in part) form.append(part.name, part.value);
    else if (part.fits) form.append(part.name, new File(part.chunks, part.filename, { type: part.type }));
    else form.append(FILE_LEFT_OUT_FIELD, part.name);
  }
  const encoded = new Response(form);
  return { ok: true, body: new Uint8Array(await encoded.arrayBuffer()), type: encoded.headers.get("content-type")! };
}

import { createReadStream } from "node:fs";
import { ImportFileError } from "./source-entry.ts";

/** Bytes read so far: what the progress bar shows. */
export type OnBytes = (bytesRead: number) => void;

/** The file's bytes, streamed, counting as they come. */
export async function* fileBytes(path: string, onBytes: OnBytes = () => {}): AsyncGenerator<Buffer> {
  let read = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    read += (chunk as Buffer).length;
    onBytes(read);
    yield chunk as Buffer;
  }
}

/** The file as UTF-8 text (a byte-order mark dropped); any other encoding stops the import. */
export async function* fileText(path: string, onBytes?: OnBytes): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  try {
    for await (const chunk of fileBytes(path, onBytes)) yield decoder.decode(chunk, { stream: true });
    yield decoder.decode();
  } catch (error) {
    if (error instanceof TypeError && (error as { code?: string }).code === "ERR_ENCODING_INVALID_ENCODED_DATA") {
      throw new ImportFileError('the file is not UTF-8 text: save or export it as UTF-8 (in a spreadsheet: "CSV UTF-8")');
    }
    throw error;
  }
}

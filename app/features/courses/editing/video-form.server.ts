import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import busboy from "busboy";

/** Why a posted video was not taken, as the lesson page's address says it (`?video-problem=`). */
export type VideoFormProblem = "missing" | "size" | "form" | "quota" | "disk" | "lesson" | "team" | "archived";

/** Whether the file may be written, or why not; "text": the lesson field holds what no database stores. */
export type Admission = true | VideoFormProblem | "text";

export type Received = { ok: true; lesson: string } | { ok: false; problem: VideoFormProblem | "text"; lesson: string; cutOff?: unknown };

/**
 * Reads the lesson page's multipart form (the `lesson` field, then the `video` file) as it arrives.
 * Once the form has named its lesson, `admit` decides whether the file is kept; until it answers
 * the rest of the request waits unread. A kept file is written to `path` (never held in memory), cut
 * off past `maxBytes`. Whatever happens (the client gone mid-body, a refusal, a disk error) the
 * file at `path` is complete or absent when this returns; a failure of our own (the disk, the
 * database) is thrown once the request has been read. The name the browser gave the file is never used.
 */
export async function receiveVideoForm(
  req: IncomingMessage,
  { path, maxBytes, admit }: { path: string; maxBytes: number; admit: (lesson: string) => Promise<Admission> },
): Promise<Received> {
  let lesson = "";
  let admission: Admission | undefined;
  let tooLarge = false;
  let bytes = 0;
  let failure: { error: unknown } | undefined;
  /** Settles once the file is written or thrown away, and never rejects: nothing is left failing unseen. */
  let kept: Promise<void> | undefined;
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { files: 1, fields: 4, fileSize: maxBytes, fieldSize: 200 } });
  } catch {
    return { ok: false, problem: "form", lesson };
  }
  parser.on("field", (name, value) => {
    // The lesson the file was admitted for is the one it goes to: a lesson field after the file is not read.
    if (name === "lesson" && !kept) lesson = value;
  });
  parser.on("file", (name, file) => {
    // A part's stream fails when the request does (the parser destroys it): that failure is the
    // request's, reported below. Without a listener it would be thrown and end the process.
    file.on("error", () => {});
    if (name !== "video" || kept) {
      file.resume();
      return;
    }
    file.on("limit", () => {
      tooLarge = true;
    });
    kept = keepFile(file, path, () => admit(lesson)).then(
      (answer) => {
        admission = answer.admission;
        bytes = answer.bytes;
      },
      (error: unknown) => {
        failure = { error };
      },
    );
  });

  let cutOff: { error: unknown } | undefined;
  try {
    await pipeline(req, parser);
  } catch (error) {
    cutOff = { error };
  }
  await kept;
  if (cutOff || failure || admission !== true || tooLarge || bytes === 0) await rm(path, { force: true });
  if (cutOff) return { ok: false, problem: "form", lesson, cutOff: cutOff.error };
  if (failure) throw failure.error;
  if (admission === undefined) return { ok: false, problem: "missing", lesson };
  if (admission !== true) return { ok: false, problem: admission, lesson };
  if (tooLarge || bytes === 0) return { ok: false, problem: tooLarge ? "size" : "missing", lesson };
  return { ok: true, lesson };
}

/**
 * Writes the file's part to `path` once `admit` says so, else reads it to its end and throws it
 * away. Its bytes wait unread meanwhile (nothing may listen for them before the write begins, or
 * they would flow away). The part is read to its end either way, even after a write failed:
 * busboy goes on to the rest of the form only then.
 */
async function keepFile(file: Readable, path: string, admit: () => Promise<Admission>): Promise<{ admission: Admission; bytes: number }> {
  let admission: Admission;
  try {
    admission = await admit();
  } catch (error) {
    file.resume();
    throw error;
  }
  if (admission !== true || file.destroyed) {
    file.resume();
    return { admission: admission === true ? "form" : admission, bytes: 0 };
  }
  const out = createWriteStream(path, { flags: "wx" });
  file.on("error", (error) => out.destroy(error));
  out.on("error", () => {
    file.unpipe(out);
    file.resume();
  });
  file.pipe(out);
  await finished(out);
  return { admission: true, bytes: out.bytesWritten };
}

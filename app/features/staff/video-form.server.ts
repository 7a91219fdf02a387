import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";

/** Why a posted video was not taken, as the lesson page's address says it (`?video-problem=`). */
type VideoFormProblem = "missing" | "size" | "form";

type Received = { ok: true; id: string; lesson: string; path: string } | { ok: false; problem: VideoFormProblem; lesson: string };

/**
 * Reads the lesson page's multipart form (the `lesson` field, then the `video` file) as it arrives,
 * writing the file to `directory` under a name of the site's own; a file over `maxBytes` is
 * cut off and removed. The name the browser gave the file is never used.
 */
export async function receiveVideoForm(
  req: IncomingMessage,
  { directory, maxBytes }: { directory: string; maxBytes: number },
): Promise<Received> {
  await mkdir(directory, { recursive: true });
  const id = randomBytes(16).toString("hex");
  const path = join(directory, id);
  let lesson = "";
  let wrote: Promise<void> | undefined;
  let tooLarge = false;
  let bytes = 0;
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { files: 1, fields: 4, fileSize: maxBytes, fieldSize: 200 } });
  } catch {
    return { ok: false, problem: "form", lesson };
  }
  parser.on("field", (name, value) => {
    if (name === "lesson") lesson = value;
  });
  parser.on("file", (name, file) => {
    if (name !== "video" || wrote) {
      file.resume();
      return;
    }
    file.on("limit", () => {
      tooLarge = true;
    });
    file.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    wrote = pipeline(file, createWriteStream(path, { flags: "wx" }));
  });
  try {
    await pipeline(req, parser);
    await wrote;
  } catch {
    await rm(path, { force: true });
    return { ok: false, problem: "form", lesson };
  }
  if (!wrote || tooLarge || bytes === 0) {
    await rm(path, { force: true });
    return { ok: false, problem: tooLarge ? "size" : "missing", lesson };
  }
  return { ok: true, id, lesson, path };
}

import { firstUnstorableLine } from "#app/lib/text/text.ts";
import { CAPTIONS_MAX_KB } from "../limits.ts";

export const captionsTooLarge = `The captions file is larger than ${CAPTIONS_MAX_KB} KB.`;

export type WebVttReading = { ok: true; text: string; cues: number } | { ok: false; message: string };

const timestamp = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function seconds(value: string): number | null {
  const match = timestamp.exec(value);
  if (!match) return null;
  const [, hours = "0", minutes, secs, millis] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
}

/**
 * Checks captions against the WebVTT format the browser's player reads: the "WEBVTT" header,
 * then cues whose timing lines ("00:01.000 --> 00:04.500") are well formed and end after they
 * start. A problem is reported with its line number, so a teacher can find it in an editor.
 */
export function readWebVtt(bytes: Uint8Array): WebVttReading {
  if (bytes.byteLength === 0) return { ok: false, message: "The captions file is empty." };
  if (bytes.byteLength > CAPTIONS_MAX_KB * 1024) return { ok: false, message: captionsTooLarge };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: "The captions file is not UTF-8 text. Save it as UTF-8 and upload it again." };
  }
  const unstorable = firstUnstorableLine(text);
  if (unstorable !== null) {
    return {
      ok: false,
      message: `Line ${unstorable}: this line holds a NUL character, which captions cannot contain. Remove it and upload the file again.`,
    };
  }
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  if (!/^WEBVTT([ \t].*)?$/.test(lines[0] ?? "")) {
    return { ok: false, message: 'Line 1: a WebVTT file starts with "WEBVTT". This file does not look like WebVTT captions (.vtt).' };
  }
  let cues = 0;
  for (const [index, line] of lines.entries()) {
    if (!line.includes("-->")) continue;
    const [start, rest = ""] = line.split("-->").map((part) => part.trim());
    const end = rest.split(/[ \t]+/)[0] ?? "";
    const from = seconds(start ?? "");
    const to = seconds(end);
    if (from === null || to === null) {
      return { ok: false, message: `Line ${index + 1}: "${line.slice(0, 60)}" is not a timing line like 00:01.000 --> 00:04.500.` };
    }
    // WebVTT: a cue's end time must be greater than its start time; one that ends when it starts shows nothing.
    if (to <= from) {
      return { ok: false, message: `Line ${index + 1}: the cue must end after it starts, but it starts at ${start} and ends at ${end}.` };
    }
    cues += 1;
  }
  if (cues === 0) return { ok: false, message: "The captions file has no cues: no line like 00:01.000 --> 00:04.500 followed by text." };
  return { ok: true, text, cues };
}

import { describe, expect, it } from "vitest";
import { readWebVtt } from "./webvtt.ts";

const vtt = (text: string) => new TextEncoder().encode(text);

describe("WebVTT captions", () => {
  it("accepts a header and well-formed cues, with or without hours, a BOM or cue settings", () => {
    expect(
      readWebVtt(vtt("\uFEFFWEBVTT\n\n00:01.000 --> 00:04.500\nHello\n\n01:00:00.000 --> 01:00:02.000 align:start\nBye\n")),
    ).toMatchObject({
      ok: true,
      cues: 2,
    });
    expect(readWebVtt(vtt("WEBVTT - Lesson 1\r\n\r\n1\r\n00:00.000 --> 00:01.000\r\nHi\r\n"))).toMatchObject({ ok: true, cues: 1 });
  });

  it.each([
    ["", "The captions file is empty."],
    ["1\n00:00:01,000 --> 00:00:02,000\nAn SRT file\n", 'Line 1: a WebVTT file starts with "WEBVTT".'],
    [
      "WEBVTT\n\n00:01.000 --> 00:04.500\nFine\n\n00:05,000 --> 00:06.000\nA comma\n",
      'Line 6: "00:05,000 --> 00:06.000" is not a timing line',
    ],
    [
      "WEBVTT\n\n00:04.000 --> 00:01.000\nBackwards\n",
      "Line 3: the cue must end after it starts, but it starts at 00:04.000 and ends at 00:01.000.",
    ],
    [
      "WEBVTT\n\n00:01.000 --> 00:02.000\nFine\n\n01:00:05.250 --> 01:00:05.250 align:start\nNo time at all\n",
      "Line 6: the cue must end after it starts, but it starts at 01:00:05.250 and ends at 01:00:05.250.",
    ],
    ["WEBVTT\n\nNOTE nothing else\n", "The captions file has no cues"],
  ])("refuses %j, saying where", (text, message) => {
    const reading = readWebVtt(vtt(text));
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.message).toContain(message);
  });

  it("refuses text that is not UTF-8, and a file over the limit", () => {
    expect(readWebVtt(new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]))).toMatchObject({
      ok: false,
      message: expect.stringContaining("UTF-8"),
    });
    expect(readWebVtt(vtt(`WEBVTT\n\n${"00:01.000 --> 00:02.000\nx\n\n".repeat(40_000)}`))).toMatchObject({
      ok: false,
      message: expect.stringContaining("larger than"),
    });
  });
});

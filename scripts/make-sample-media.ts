// Makes the sample lesson clips kept in media/: the first lesson of every video
// course, narrated by espeak-ng, with a WebVTT captions file timed to the narration.
// Needs ffmpeg, espeak-ng and the DejaVu fonts (apt-get install -y ffmpeg espeak-ng fonts-dejavu-core).
// Usage: npm run media:samples [-- <output folder>]   (default: media)
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lessonsByCourse } from "#app/content/seeds/lessons/index.server.ts";
import { videoCourses } from "#app/content/seeds/video-courses.ts";
import { captionsExtension, lessonFileStem, videoExtension } from "#app/features/courses/media-paths.ts";

const outputDir = process.argv[2] ?? "media";
const font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const boldFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
const pauseSeconds = 0.35;
const leadSeconds = 0.5;

for (const [tool, versionFlag] of [
  ["ffmpeg", "-version"],
  ["espeak-ng", "--version"],
] as const) {
  try {
    execFileSync(tool, [versionFlag], { stdio: "ignore" });
  } catch {
    console.error(`${tool} is missing: apt-get install -y ffmpeg espeak-ng fonts-dejavu-core`);
    process.exit(1);
  }
}

interface Pcm {
  sampleRate: number;
  samples: Buffer;
}

/** espeak-ng writes 16-bit mono WAV; its header may not state the data length, so the rest of the file is the data. */
function speak(text: string): Pcm {
  const wav = execFileSync("espeak-ng", ["-v", "en-gb", "-s", "160", "--stdout", text]);
  const dataAt = wav.indexOf("data", 12) + 8;
  return { sampleRate: wav.readUInt32LE(24), samples: wav.subarray(dataAt) };
}

function wavFile(sampleRate: number, samples: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

const timestamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const hh = String(Math.floor(ms / 3_600_000)).padStart(2, "0");
  const mm = String(Math.floor(ms / 60_000) % 60).padStart(2, "0");
  const ss = String(Math.floor(ms / 1000) % 60).padStart(2, "0");
  return `${hh}:${mm}:${ss}.${String(ms % 1000).padStart(3, "0")}`;
};

/** Breaks text into lines of at most `width` characters for drawtext, which does not wrap. */
const wrap = (text: string, width: number) =>
  text.split(" ").reduce<string[]>((lines, word) => {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
    return lines;
  }, []);

const work = mkdtempSync(join(tmpdir(), "sample-media-"));
try {
  for (const course of videoCourses) {
    const lesson = lessonsByCourse[course.slug]![0]!;
    const sentences = [`Lesson 1: ${lesson.title}.`, ...lesson.description.split(/(?<=[.!?])\s+(?=[A-Z])/)];
    const parts: Buffer[] = [];
    const cues: string[] = [];
    let sampleRate = 22050;
    let at = leadSeconds;
    for (const sentence of sentences) {
      const pcm = speak(sentence);
      sampleRate = pcm.sampleRate;
      const seconds = pcm.samples.length / 2 / sampleRate;
      cues.push(`${timestamp(at)} --> ${timestamp(at + seconds)}\n${sentence}`);
      parts.push(pcm.samples, Buffer.alloc(Math.round(pauseSeconds * sampleRate) * 2));
      at += seconds + pauseSeconds;
    }
    const duration = at + leadSeconds;
    const narration = join(work, `${course.slug}.wav`);
    writeFileSync(narration, wavFile(sampleRate, Buffer.concat([Buffer.alloc(Math.round(leadSeconds * sampleRate) * 2), ...parts])));

    const titleFile = join(work, `${course.slug}-title.txt`);
    writeFileSync(titleFile, wrap(lesson.title, 30).join("\n"));
    const headingFile = join(work, `${course.slug}-heading.txt`);
    writeFileSync(headingFile, `${course.title}  ·  Lesson 1`);
    const video = [
      `drawtext=fontfile=${font}:textfile=${headingFile}:fontcolor=0xcffafe:fontsize=20:x=40:y=50`,
      `drawtext=fontfile=${boldFont}:textfile=${titleFile}:fontcolor=white:fontsize=32:line_spacing=10:x=40:y=110`,
      "drawtext=fontfile=" + font + ":text='Marina Vale College · eLEARNING':fontcolor=0xcffafe:fontsize=16:x=40:y=h-44",
    ].join(",");
    const stem = join(outputDir, lessonFileStem(course.slug, 1));
    mkdirSync(join(outputDir, course.slug), { recursive: true });
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-y"],
      ...["-f", "lavfi", "-i", `color=c=0x0e6a82:s=640x360:r=5:d=${duration.toFixed(2)}`],
      ...["-f", "lavfi", "-i", `color=c=white:s=560x6:r=5:d=${duration.toFixed(2)}`],
      ...["-i", narration],
      "-filter_complex",
      // A bar that fills as the clip plays, so the picture moves.
      `[0]${video}[bg];[bg][1]overlay=x='40-560+560*t/${duration.toFixed(2)}':y=276:eval=frame,drawbox=x=0:y=276:w=40:h=6:color=0x0e6a82:t=fill[v]`,
      ...["-map", "[v]", "-map", "2:a", "-t", duration.toFixed(2)],
      ...["-c:v", "libx264", "-preset", "veryslow", "-tune", "stillimage", "-crf", "34", "-pix_fmt", "yuv420p"],
      ...["-c:a", "aac", "-b:a", "16k", "-ac", "1", "-movflags", "+faststart", "-map_metadata", "-1", "-fflags", "+bitexact"],
      `${stem}${videoExtension}`,
    ]);
    writeFileSync(`${stem}${captionsExtension}`, `WEBVTT\n\n${cues.join("\n\n")}\n`);
    const size = readFileSync(`${stem}${videoExtension}`).length;
    console.log(`${stem}${videoExtension}: ${duration.toFixed(1)} s, ${(size / 1024).toFixed(0)} KB, ${cues.length} captions`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

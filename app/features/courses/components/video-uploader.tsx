import { useEffect, useRef, useState } from "react";
import { useLeaveReason } from "#app/features/staff/index.ts";
import { useRevalidator } from "react-router";
import { TextField } from "#app/components/text-field.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { VIDEO_ACCEPT, VIDEO_UPLOAD_PATH } from "../limits.ts";

type Phase =
  | { kind: "idle" }
  | { kind: "sending"; sent: number; total: number; secondsLeft: number | null; retrying: boolean }
  | { kind: "paused"; sent: number; total: number; message: string }
  | { kind: "done" }
  | { kind: "cancelled" }
  | { kind: "refused"; message: string };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

function timeLeft(seconds: number | null): string {
  if (seconds === null) return "working out the time left";
  if (seconds < 60) return "less than a minute left";
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `about ${minutes} min left` : `about ${Math.round(minutes / 60)} h left`;
}

/**
 * An answer said to the person in the server's words: the file itself (not a video, too large), their
 * allowance of unfinished uploads used up, the upload gone, or the server's disk nearly full (507,
 * which trying again at once would not change).
 */
const isRefusal = (status: number) => (status >= 400 && status < 500) || status === 507;

/**
 * A lesson's video upload with a progress bar and the time left. The file goes in 8 MB pieces
 * (tus-js-client); after a dropped connection it tries again by itself, and a page reloaded or a
 * browser restarted mid-way carries on from the last piece the server has when the same file is
 * chosen again.
 */
export function VideoUploader({ lessonId, maxMb }: { lessonId: string; maxMb: number }) {
  const hydrated = useHydrated();
  const { revalidate } = useRevalidator();
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const uploadRef = useRef<{ abort(shouldTerminate?: boolean): Promise<void>; start(): void } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => () => void uploadRef.current?.abort(), []);
  useLeaveReason(
    phase.kind === "sending",
    "A video is still being sent. Leave anyway? What was sent is kept: choose the same file again on this lesson's page to carry on.",
  );

  /** Stops the upload and tells the server to forget it (its share of the allowance freed). */
  async function cancel() {
    await uploadRef.current?.abort(true);
    uploadRef.current = null;
    if (inputRef.current) inputRef.current.value = "";
    setPhase({ kind: "cancelled" });
  }

  async function start(file: File) {
    if (file.size > maxMb * 1024 * 1024) {
      setPhase({ kind: "refused", message: `This file is larger than ${maxMb} MB, the most the site accepts.` });
      return;
    }
    const { Upload } = await import("tus-js-client");
    // Speed over the last stretch, for a time left that follows the connection's changes.
    let mark = { at: Date.now(), sent: 0 };
    let speed: number | null = null;
    const upload = new Upload(file, {
      endpoint: VIDEO_UPLOAD_PATH,
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000, 30_000],
      metadata: { lesson: lessonId, filename: file.name, filetype: file.type },
      // The same file for the same lesson resumes, whatever else was uploaded meanwhile.
      fingerprint: async (source: File) => `lesson-video:${lessonId}:${source.name}:${source.size}:${source.lastModified}`,
      removeFingerprintOnSuccess: true,
      onProgress(sent, total) {
        const now = Date.now();
        if (now - mark.at >= 2000) {
          const current = ((sent - mark.sent) * 1000) / (now - mark.at);
          speed = speed === null ? current : speed * 0.6 + current * 0.4;
          mark = { at: now, sent };
        }
        setPhase({ kind: "sending", sent, total, secondsLeft: speed ? (total - sent) / speed : null, retrying: false });
      },
      onShouldRetry(error, _attempt, options) {
        const status = error.originalResponse?.getStatus() ?? 0;
        const retry = status === 0 || status === 409 || status === 423 || (status >= 500 && status !== 507);
        if (retry) setPhase((current) => (current.kind === "sending" ? { ...current, retrying: true } : current));
        return retry && Boolean(options.retryDelays);
      },
      onError(error) {
        const response = "originalResponse" in error ? error.originalResponse : null;
        const status = response?.getStatus() ?? 0;
        if (isRefusal(status)) {
          setPhase({ kind: "refused", message: response?.getBody() || "The server refused this file." });
          return;
        }
        setPhase((current) => ({
          kind: "paused",
          sent: current.kind === "sending" ? current.sent : 0,
          total: file.size,
          message: "The connection was lost. What was sent is kept: resume when you are back online.",
        }));
      },
      onSuccess() {
        setPhase({ kind: "done" });
        if (inputRef.current) inputRef.current.value = "";
        void revalidate();
      },
    });
    uploadRef.current = upload;
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    setPhase({ kind: "sending", sent: 0, total: file.size, secondsLeft: null, retrying: false });
    upload.start();
  }

  if (!hydrated) {
    // Without JavaScript: the whole file in one post, with no progress shown and no resuming.
    return (
      <form method="post" action={`${VIDEO_UPLOAD_PATH}/form`} encType="multipart/form-data" className="space-y-4">
        <input type="hidden" name="lesson" value={lessonId} />
        <TextField
          id="video-file"
          name="video"
          type="file"
          accept={VIDEO_ACCEPT}
          label="Video file"
          hint={`MP4 or WebM, up to ${maxMb.toLocaleString("en-US")} MB. With JavaScript on, the upload shows its progress and survives a dropped connection.`}
        />
        <button type="submit" className="btn-primary">
          Upload the video
        </button>
      </form>
    );
  }
  const busy = phase.kind === "sending";
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="video-file" className="block font-medium">
          Video file
        </label>
        <input
          ref={inputRef}
          id="video-file"
          type="file"
          accept={VIDEO_ACCEPT}
          disabled={busy}
          aria-describedby="video-hint"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void start(file);
          }}
          className="mt-1 block w-full rounded-md border border-gray-400 px-3 py-2"
        />
        <p id="video-hint" className="mt-1 text-sm text-muted">
          MP4 or WebM, up to {maxMb.toLocaleString("en-US")} MB. The upload starts when you choose the file. If it stops (the page closed,
          the connection lost), choose the same file again here: it carries on from where it stopped.
        </p>
      </div>
      {(phase.kind === "sending" || phase.kind === "paused") && (
        <div>
          <label htmlFor="video-progress" className="block text-sm font-medium">
            Upload progress
          </label>
          <progress id="video-progress" max={phase.total} value={phase.sent} className="mt-1 h-3 w-full" />
        </div>
      )}
      <p role="status" aria-live="polite" className="min-h-6">
        {phase.kind === "sending" &&
          (phase.retrying
            ? `Connection lost at ${megabytes(phase.sent)}; trying again…`
            : `${megabytes(phase.sent)} of ${megabytes(phase.total)} sent, ${timeLeft(phase.secondsLeft)}.`)}
        {phase.kind === "paused" && `${megabytes(phase.sent)} of ${megabytes(phase.total)} sent. ${phase.message}`}
        {phase.kind === "done" && "The video is uploaded and saved."}
        {phase.kind === "cancelled" && "The upload was cancelled: nothing of it is kept, and the lesson keeps its video as it was."}
      </p>
      {(phase.kind === "sending" || phase.kind === "paused") && (
        <div className="flex flex-wrap gap-3">
          {phase.kind === "paused" && (
            <button
              type="button"
              className="btn-primary"
              onClick={() => {
                setPhase({ ...phase, kind: "sending", secondsLeft: null, retrying: false });
                uploadRef.current?.start();
              }}
            >
              Resume the upload
            </button>
          )}
          <button type="button" className="btn-light border border-red-400 text-red-800" onClick={() => void cancel()}>
            Cancel the upload
          </button>
        </div>
      )}
      {phase.kind === "refused" && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          {phase.message}
        </p>
      )}
    </div>
  );
}

import { useEffect, useMemo, useRef, useState } from "react";
import { preload } from "react-dom";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { PersonalSlot } from "#app/lib/personal/personal-slot.tsx";
import { courseProgressData, type CourseProgressView, type LessonMedia, type LessonView } from "../types.ts";
import { useLessonProgressReporting } from "../progress-reporting.ts";

const playbackSpeeds = ["0.75", "1", "1.25", "1.5", "1.75", "2"];

const formatTime = (totalSeconds: number) => `${Math.floor(totalSeconds / 60)}:${String(totalSeconds % 60).padStart(2, "0")}`;

/** Where the learner left the lesson: read once per lesson, so a later save (e.g. "Mark as finished") does not change the source mid-play. */
const useStartAt = (lesson: number, person: CourseProgressView) => useState(person.positions[lesson] ?? 0)[0];

/** The video element, starting where this learner left the lesson. */
function LessonVideo({
  lesson,
  media,
  poster,
  person,
}: {
  lesson: number;
  media: LessonMedia;
  poster: string;
  person: CourseProgressView;
}) {
  const startAt = useStartAt(lesson, person);
  const { video, captions } = media;
  // Files from MEDIA_BASE_URL are on another origin: captions from there need CORS.
  const crossOrigin = /^https?:/.test(video) ? "anonymous" : undefined;
  return (
    <video
      controls
      preload="none"
      poster={poster}
      width={640}
      height={360}
      crossOrigin={crossOrigin}
      className="aspect-video w-full rounded-lg bg-black"
      src={startAt > 0 ? `${video}#t=${startAt}` : video}
      aria-describedby="lesson-description"
    >
      {captions.map((track) => (
        <track key={track.language} kind="captions" src={track.src} srcLang={track.language} label={track.label} />
      ))}
      <a href={video}>Download the lesson video</a>
    </video>
  );
}

/** What of a learner's progress the lesson's video and its note show: where they left the lesson. */
const storedPosition = ({ lesson, person }: { lesson: number; person: CourseProgressView }) => String(person.positions[lesson] ?? 0);
LessonVideo.decidedBy = storedPosition;

/**
 * The stored position, as the latest progress says, unlike the video's source: once the lesson is
 * finished (played to its end or marked) the position is reset and the note goes with it.
 */
function ResumeNote({ lesson, person }: { lesson: number; person: CourseProgressView }) {
  const storedAt = person.positions[lesson] ?? 0;
  return storedAt > 0 ? <span>Resumes at {formatTime(storedAt)}</span> : null;
}
ResumeNote.decidedBy = storedPosition;

/**
 * The lesson's video: nothing loads until the learner presses play (poster,
 * preload="none"); a stored position is resumed through the media fragment #t=,
 * which needs no script.
 */
export function LessonPlayer({
  courseSlug,
  poster,
  lesson,
  media,
  progress,
  speed,
  onSpeedChange,
}: {
  courseSlug: string;
  poster: string;
  lesson: LessonView;
  /** The lesson's files (a lesson without them shows its notes in the player's place). */
  media: LessonMedia;
  progress: CourseProgressView;
  speed: string;
  onSpeedChange: (speed: string) => void;
}) {
  // The poster is the page's largest picture: asked for first, from the document's head, instead
  // of when the browser reaches the video element.
  preload(poster, { as: "image", fetchPriority: "high" });
  const playerRef = useRef<HTMLDivElement>(null);
  // The video element is the personal slot's: found in the player once rendered.
  const videoRef = useMemo(
    () => ({
      get current() {
        return playerRef.current?.querySelector("video") ?? null;
      },
    }),
    [],
  );
  const hydrated = useHydrated();
  useLessonProgressReporting(videoRef, { course: courseSlug, lesson: lesson.number, enabled: progress.signedIn });
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.defaultPlaybackRate = Number(speed);
    video.playbackRate = Number(speed);
  }, [speed]);

  const { video, captions } = media;
  const slot = { data: courseProgressData, person: progress };
  return (
    <div ref={playerRef}>
      <PersonalSlot {...slot} id="lesson-video" part={LessonVideo} props={{ lesson: lesson.number, media, poster }} />
      {/* The speed control works only with script: its place is kept, invisible, until then, so nothing moves. */}
      <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <label className={`flex items-center gap-2 ${hydrated ? "" : "invisible"}`}>
          Playback speed
          <select
            value={speed}
            onChange={(event) => onSpeedChange(event.target.value)}
            className="rounded-md border border-gray-400 px-2 py-1"
          >
            {playbackSpeeds.map((value) => (
              <option key={value} value={value}>
                {value}×
              </option>
            ))}
          </select>
        </label>
        {captions.length > 0 ? (
          <span className="text-muted">Captions: {captions.map((track) => track.label).join(", ")} (CC button)</span>
        ) : (
          <span className="text-muted">No captions for this lesson yet</span>
        )}
        <PersonalSlot {...slot} id="lesson-resume" as="span" part={ResumeNote} props={{ lesson: lesson.number }} />
        <a href={video} className="underline">
          Download video
        </a>
      </div>
    </div>
  );
}

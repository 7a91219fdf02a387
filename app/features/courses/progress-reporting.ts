import { useEffect, useEffectEvent, type RefObject } from "react";
import { useRevalidator } from "react-router";

/** The resource route that stores lesson progress (routes/courses/lesson-progress.ts). */
export const PROGRESS_PATH = "/progress";
/** While a lesson plays, where it stands is saved this often. */
const reportEveryMs = 15_000;

/**
 * Saves a signed-in learner's place in a lesson: every 15 s while playing, on pause,
 * when leaving the page, and "finished" when the video ends. Visitors send nothing.
 */
export function useLessonProgressReporting(
  videoRef: RefObject<HTMLVideoElement | null>,
  { course, lesson, enabled }: { course: string; lesson: number; enabled: boolean },
) {
  const { revalidate } = useRevalidator();
  // Not a dependency of the effect: re-subscribing the player on every navigation would lose its state.
  const showFinished = useEffectEvent(() => void revalidate());
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !enabled) return;
    let lastSentAt = Date.now();
    let lastSentPosition = -1;

    const send = ({ finished = false, leaving = false } = {}) => {
      const position = finished ? 0 : Math.floor(video.currentTime);
      // After the end only "finished" counts: the lesson restarts from the beginning next time.
      if (!finished && (position === lastSentPosition || video.currentTime === 0 || video.ended)) return;
      lastSentAt = Date.now();
      lastSentPosition = position;
      const body = new FormData();
      body.set("course", course);
      body.set("lesson", String(lesson));
      body.set("position", String(position));
      if (finished) body.set("finished", "true");
      if (leaving) {
        navigator.sendBeacon(PROGRESS_PATH, body);
        return;
      }
      fetch(PROGRESS_PATH, { method: "POST", body, keepalive: true })
        .then((response) => {
          if (finished && response.ok) showFinished();
        })
        // Progress is a convenience: a lost report must never interrupt the lesson.
        .catch(() => {});
    };
    const onTimeUpdate = () => {
      if (!video.paused && Date.now() - lastSentAt >= reportEveryMs) send();
    };
    const onPause = () => send();
    const onEnded = () => send({ finished: true });
    const onPageHide = () => send({ leaving: true });

    video.addEventListener("timeupdate", onTimeUpdate);
    video.addEventListener("pause", onPause);
    video.addEventListener("ended", onEnded);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      video.removeEventListener("timeupdate", onTimeUpdate);
      video.removeEventListener("pause", onPause);
      video.removeEventListener("ended", onEnded);
      window.removeEventListener("pagehide", onPageHide);
      // Moving to another lesson inside the site unmounts this player.
      send({ leaving: true });
    };
  }, [videoRef, course, lesson, enabled]);
}

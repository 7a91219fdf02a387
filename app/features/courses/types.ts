import type { CourseCard } from "#app/content/schemas.ts";

/**
 * A course card as a listing shows it: the spec's fields (`review` is the number of learners'
 * ratings, `totalstudent` of learners who started the course), and the ratings' mean.
 */
export type ListingCard = CourseCard & { averageStars: number | null };

/** A captions file as stored: its media key, the language it is in and the player menu's label. */
export interface CaptionFile {
  file: string;
  language: string;
  label: string;
}

/** One captions track as the player offers it. */
export interface CaptionTrack {
  /** Where the browser fetches the WebVTT file. */
  src: string;
  language: string;
  label: string;
}

export interface LessonMedia {
  video: string;
  /** Its WebVTT captions, one per language, in the order the player's menu lists them; empty when none. */
  captions: CaptionTrack[];
}

/** One lesson as its course page shows it. */
export interface LessonView {
  number: number;
  title: string;
  description: string;
  /** Null when the lesson's video file is missing. */
  media: LessonMedia | null;
}

/** A learner's progress in one course: the personal part of its page (app/lib/personal/). */
export interface CourseProgressView {
  signedIn: boolean;
  /** The numbers of the lessons finished, in order. */
  finished: number[];
  /** Where each lesson started stands, in whole seconds, by lesson number (none: from the start). */
  positions: Record<number, number>;
  /** The lesson touched last: the page opens there when no lesson is asked for. */
  resumeLesson: number | null;
  /** Whether the learner started a lesson of the course: only then may they rate it. */
  started: boolean;
  /** Their stars for the course, 1 to 5; null until they rate it. */
  rating: number | null;
}

/** Its name as personal data (app/personal-data.server.ts; the course page's `signedIn`). */
export const courseProgressData = "course-progress";

export const signedOutProgress: CourseProgressView = {
  signedIn: false,
  finished: [],
  positions: {},
  resumeLesson: null,
  started: false,
  rating: null,
};

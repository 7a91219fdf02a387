export interface LessonMedia {
  video: string;
  /** WebVTT captions, when the lesson has them. */
  captions: string | null;
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
}

/** Its name as personal data (app/personal-data.server.ts; the course page's `signedIn`). */
export const courseProgressData = "course-progress";

export const signedOutProgress: CourseProgressView = { signedIn: false, finished: [], positions: {}, resumeLesson: null };

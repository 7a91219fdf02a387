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
  finished: boolean;
  /** Where to start playing: the learner's stored position, else 0. */
  resumeSeconds: number;
}

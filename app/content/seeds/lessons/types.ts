/** One lesson of a video course: what the learner reads beside the player. */
export interface Lesson {
  /** Short title, e.g. "Variables and Data Types". */
  title: string;
  /** Two to four sentences on what the lesson teaches and why it matters. */
  description: string;
}

/** One card of the wall, ready to show. */
export interface FeedbackCardView {
  id: string;
  name: string;
  comment: string;
  image: string | null;
  rating: number;
  /** "Nov 21, 2026" */
  date: string;
  /** The ISO creation time, for <time dateTime>. */
  createdAt: string;
}

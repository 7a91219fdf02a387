import type { FeedbackField } from "./limits.ts";
import type { FieldErrors } from "#app/lib/field-errors.ts";

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

/** What a refused post answers: the form shows the messages and keeps the values. */
export interface FeedbackFormResult {
  errors: FieldErrors<FeedbackField>;
  /** A message about the whole form (honeypot, too many posts). */
  form?: string;
  values: Partial<Record<FeedbackField, string>>;
}

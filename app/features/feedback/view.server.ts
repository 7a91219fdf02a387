import { site } from "#app/content/site.ts";
import type { FeedbackRow } from "./queries.server.ts";
import type { FeedbackCardView } from "./types.ts";

/** The spec's date: abbreviated month, day, year, in US English ("Nov 21, 2026"), on the college's calendar. */
const cardDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: site.timeZone });

export function feedbackCard(row: FeedbackRow): FeedbackCardView {
  return {
    id: row.id,
    name: row.name,
    comment: row.comment,
    image: row.image,
    rating: row.rating,
    date: cardDate.format(new Date(row.created_at)),
    createdAt: row.created_at,
  };
}

/** The shape of the spec's feedback back end, for clients written against it. */
export function feedbackJson(row: FeedbackRow) {
  return { _id: row.id, name: row.name, comment: row.comment, image: row.image, rating: row.rating, date: row.created_at };
}

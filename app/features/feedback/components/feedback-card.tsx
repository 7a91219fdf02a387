import { Link } from "react-router";
import { Icon } from "#app/components/icons.tsx";
import { StarRating } from "#app/components/star-rating.tsx";
import type { FeedbackCardView } from "../types.ts";
import { Avatar } from "./avatar.tsx";

/** One post of the wall: picture, date, name, comment, rating, and the close icon to its delete page. */
export function FeedbackCard({ post, children }: { post: FeedbackCardView; children?: React.ReactNode }) {
  return (
    <article aria-labelledby={`feedback-${post.id}-name`} className="relative flex gap-4 rounded-lg border border-gray-200 p-4 shadow-sm">
      <Avatar name={post.name} image={post.image} />
      <div className="min-w-0 flex-1 pr-8">
        <time dateTime={post.createdAt} className="text-sm text-muted">
          {post.date}
        </time>
        <h3 id={`feedback-${post.id}-name`} className="text-lg font-semibold break-words">
          {post.name}
        </h3>
        <p className="mt-1 break-words whitespace-pre-line">{post.comment}</p>
        <StarRating value={post.rating} className="mt-2" />
        {children}
      </div>
      <Link
        to={`/feedback/${post.id}`}
        className="absolute top-2 right-2 rounded p-2 text-gray-600 hover:text-red-700"
        aria-label={`Delete the feedback of ${post.name}`}
      >
        <Icon name="close" />
      </Link>
    </article>
  );
}

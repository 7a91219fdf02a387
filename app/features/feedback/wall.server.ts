import type { RequestServices } from "#app/context.ts";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import { API_PAGE_SIZE, WALL_PAGE_SIZE } from "./limits.ts";
import { isModerator } from "./permissions.server.ts";
import { listVisibleFeedback } from "./queries.server.ts";
import { feedbackIdSchema } from "./schemas.ts";
import { feedbackCard, feedbackJson } from "./view.server.ts";
import { keepOutOfPageCache } from "#app/lib/content-versions/page-cache.ts";

/** The cursor of `?before=`: a post id, or absent. Anything else is not a cursor. */
function readCursor(url: URL): { before?: string } | { invalid: true } {
  const before = url.searchParams.get("before");
  if (before === null || before === "") return {};
  return feedbackIdSchema.safeParse(before).success ? { before } : { invalid: true };
}

/**
 * One page of the wall, newest first, and the link to older posts. When the list cannot be
 * read the page says so (`posts: null`) instead of showing an empty wall.
 */
export async function loadWall(services: RequestServices, user: SessionUser | null, url: URL) {
  const cursor = readCursor(url);
  const before = "before" in cursor ? cursor.before : undefined;
  const shared = {
    prefillName: user?.name ?? "",
    moderator: isModerator(user),
    posted: url.searchParams.get("posted"),
    deleted: url.searchParams.has("deleted"),
  };
  try {
    // One more than a page tells whether older posts exist.
    const rows = await listVisibleFeedback(services.db, { before, limit: WALL_PAGE_SIZE + 1 });
    const page = rows.slice(0, WALL_PAGE_SIZE);
    const olderHref = rows.length > WALL_PAGE_SIZE ? `/feedback?before=${page.at(-1)!.id}` : null;
    return { ...shared, posts: page.map(feedbackCard), olderHref, isOlderPage: before !== undefined };
  } catch (err) {
    services.logger.error({ err }, "could not load the feedback wall");
    keepOutOfPageCache(services);
    return { ...shared, posts: null, olderHref: null, isOlderPage: before !== undefined };
  }
}

/** `GET /feedback` for a JSON client: the spec's array, newest first, at most 50, `?before=<_id>` for older ones. */
export async function feedbackListResponse({ db }: RequestServices, url: URL): Promise<Response> {
  const cursor = readCursor(url);
  if ("invalid" in cursor)
    return Response.json({ error: "before must be the _id of a feedback item." }, { status: 400, headers: { Vary: "Accept" } });
  const rows = await listVisibleFeedback(db, { before: cursor.before, limit: API_PAGE_SIZE });
  return Response.json(rows.map(feedbackJson), { headers: { Vary: "Accept" } });
}

import type { EntryContext } from "react-router";
import type { Config } from "./env.server.ts";

/**
 * Stored content that pages show to every visitor alike; each has a version in the database
 * (app/lib/content-versions.server.ts).
 */
export type StoredContent = "feedback" | "catalogue" | "courses" | "quizzes";

/** What a page may read besides its source code: stored content, or lesson files in MEDIA_DIR. */
export type ContentTopic = StoredContent | "media";

/**
 * What a route that looks the same to every signed-out visitor exports as `handle`: the
 * stored content it reads besides its code (none, the feedback wall, the catalogue, the lesson
 * files). The page cache (server/page-cache/) then keeps such pages, once rendered, until that
 * content changes. A page is kept only when every route of its match says so, the root too;
 * a route that says nothing is rendered for every request. A function decides by configuration
 * (content from another service the site cannot watch: nothing is kept).
 */
export interface PageCacheHandle {
  pageCache: readonly ContentTopic[] | ((config: Config) => readonly ContentTopic[] | undefined);
}

export const sameForEveryVisitor = (pageCache: PageCacheHandle["pageCache"]): PageCacheHandle => ({ pageCache });

function isPageCacheHandle(handle: unknown): handle is PageCacheHandle {
  return typeof handle === "object" && handle !== null && "pageCache" in handle;
}

/** The topics the rendered page read, when every route of its match may be kept; undefined otherwise. */
export function pageCacheTopics(routerContext: EntryContext, config: Config): ContentTopic[] | undefined {
  const topics = new Set<ContentTopic>();
  for (const match of routerContext.staticHandlerContext.matches) {
    const handle = routerContext.routeModules[match.route.id]?.handle;
    if (!isPageCacheHandle(handle)) return undefined;
    const reads = typeof handle.pageCache === "function" ? handle.pageCache(config) : handle.pageCache;
    if (!reads) return undefined;
    for (const topic of reads) topics.add(topic);
  }
  return [...topics];
}

/** Per response: the topics it read when it may be kept, null when a loader said it may not. */
const keptTopics = new WeakMap<object, readonly ContentTopic[] | null>();

/** Said by the page's renderer (app/entry.server.tsx) about the response being written. */
export function markKeepable(response: object, topics: readonly ContentTopic[]): void {
  if (!keptTopics.has(response)) keptTopics.set(response, topics);
}

/**
 * Said by a loader whose answer is not the usual one (a part failed and the page shows less):
 * this response is not kept, whatever its routes say.
 */
export function keepOutOfPageCache({ http }: { http: { res: object } }): void {
  keptTopics.set(http.res, null);
}

/** What the page cache asks as the response is written. */
export function keepableTopics(response: object): readonly ContentTopic[] | undefined {
  return keptTopics.get(response) ?? undefined;
}

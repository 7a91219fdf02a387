import type { Config } from "../config/env.server.ts";

/**
 * Stored content that pages show to every visitor alike; each has a version in the database
 * (app/lib/content-versions/content-versions.server.ts), raised by every change to its tables.
 */
export type StoredContent = "feedback" | "catalogue" | "courses" | "quizzes" | "mentors";

/**
 * Numbers counted from what learners do (how many started a course, its ratings). They change with
 * every learner, too often to raise a version each time: a kept page showing them is rendered
 * again once its ten minutes (the same on every worker and instance, by the clock) have passed.
 */
export const learnerNumbers = { tables: ["lesson_progress", "course_ratings"], refreshMs: 10 * 60 * 1000 } as const;

/** The ten minutes the learner numbers are counted in; a new one means they are counted again. */
export const learnerNumbersPeriod = (now = Date.now()) => Math.floor(now / learnerNumbers.refreshMs);

/** What a page may read besides its source code: stored content, lesson files in MEDIA_DIR, or the learner numbers. */
export type ContentTopic = StoredContent | "media" | "learner-numbers";

/**
 * What a route that looks the same to every signed-out visitor declares in its `handle`
 * (app/lib/http/route-handle.ts): the stored content it reads besides its code (none, the feedback
 * wall, the catalogue, the lesson files). The page cache (server/page-cache/) then keeps such
 * pages, once rendered, until that content changes. A page is kept only when every route of its
 * match says so, the root too; a route that says nothing is rendered for every request. A
 * function decides by configuration (content from another service the site cannot watch: nothing is kept).
 */
export interface PageCacheHandle {
  pageCache: readonly ContentTopic[] | ((config: Config) => readonly ContentTopic[] | undefined);
  /**
   * How a signed-in person's page differs from the kept one: "same" (this route shows nothing of
   * theirs), or the name of the personal data its slots read (app/lib/personal/, filled in per
   * request by server/page-cache/signed-in-pages.ts). Without it, a signed-in person's page is
   * rendered whole, for every request.
   */
  signedIn?: "same" | string;
}

export const sameForEveryVisitor = (pageCache: PageCacheHandle["pageCache"], signedIn?: PageCacheHandle["signedIn"]): PageCacheHandle =>
  signedIn ? { pageCache, signedIn } : { pageCache };

/** Responses whose loaders answered less than usual (a part failed): not kept, whatever their routes say. */
const answeredLess = new WeakSet<object>();

/** Said by a loader whose answer is not the usual one (a part failed and the page shows less). */
export function keepOutOfPageCache({ http }: { http: { res: object } }): void {
  answeredLess.add(http.res);
}

/** What the page cache asks as the response is written. */
export const keptOutOfPageCache = (response: object): boolean => answeredLess.has(response);

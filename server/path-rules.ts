// One table of what each path takes, read by the middleware that enforces it: how large a body
// may be and how long it may take (middleware/body-limit.ts), and whether JSON is accepted besides
// forms (middleware/page-requests.ts). Each value comes from the feature that serves the path.
import { POST_PATH as FEEDBACK_POST_PATH } from "#app/features/feedback/limits.ts";
import { REPORTS_PATH } from "#app/features/error-reporting/limits.ts";
import { COURSE_IMAGE_MAX_MB, VIDEO_UPLOAD_PATH } from "#app/features/courses/limits.ts";
import type { BodyLimit } from "./middleware/body-limit.ts";

export interface PathRule {
  /** A path this rule covers: exactly, or everything below it when it ends with "/". */
  path: string;
  body: BodyLimit;
  /** Takes `application/json` besides forms (an API of ours); the `.data` twin React Router posts forms to does not. */
  json?: true;
}

/** Our forms are a few fields of text; nothing legitimate comes near this. */
const pageForms: BodyLimit = { maxBytes: 64 * 1024, pace: "whole" };

/** The first rule that covers a path applies; the last covers every path. */
export const pathRules: readonly PathRule[] = [
  // Lesson videos: their size is bounded by MAX_UPLOAD_MB where they are received; they take as
  // long as the connection needs. Answered outside React Router (middleware/staff-uploads.ts).
  { path: VIDEO_UPLOAD_PATH, body: { maxBytes: Infinity, pace: "steady" } },
  { path: `${VIDEO_UPLOAD_PATH}/`, body: { maxBytes: Infinity, pace: "steady" } },
  // Staff forms carry a course picture, captions or a quiz file. A teacher's over the limit (a
  // picture far too large) is read without its file, so the page says so and keeps what was
  // typed; beyond 512 MB (a long video chosen by mistake) it is refused at once.
  {
    path: "/staff/",
    body: { maxBytes: (COURSE_IMAGE_MAX_MB + 1) * 1024 * 1024, formsReadUpTo: 512 * 1024 * 1024, pace: "steady" },
  },
  // The feedback API's posts and the browser's error reports.
  { path: FEEDBACK_POST_PATH, body: pageForms, json: true },
  { path: REPORTS_PATH, body: pageForms, json: true },
  { path: "/", body: pageForms },
];

/** A path as React Router matches it: any letter case, a trailing slash or not. */
const routePath = (path: string) => path.toLowerCase().replace(/(.)\/+$/, "$1");

const covers = (rule: PathRule, path: string) => (rule.path.endsWith("/") ? path.startsWith(rule.path) : path === rule.path);

/** The rule of a request's path (Express's `req.path`: not decoded). */
export function pathRuleFor(path: string): PathRule {
  const matched = routePath(path);
  return pathRules.find((rule) => covers(rule, matched))!;
}

// Kept apart from schemas.ts so the page's browser code does not carry zod.
export const NAME_MAX_LENGTH = 80;
export const COMMENT_MAX_LENGTH = 2000;
export const IMAGE_URL_MAX_LENGTH = 2048;
export const RATING_MAX = 5;
/** The spec's default rating. */
export const RATING_DEFAULT = 2;
/** Posts on one page of the wall, and at most in one answer of the JSON list. */
export const WALL_PAGE_SIZE = 20;
export const API_PAGE_SIZE = 50;
/** Where posts are sent: the wall's form, and JSON from the feedback API's clients (server/path-rules.ts). */
export const POST_PATH = "/feedback/new";

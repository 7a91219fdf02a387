// Shared by the page's reporter and the endpoint; kept apart from schemas.ts so the
// always-loaded browser code does not carry zod.

/** What a page may send about one error; longer text is cut, not refused. */
export const MESSAGE_MAX_LENGTH = 1000;
export const STACK_MAX_LENGTH = 4000;
export const PATH_MAX_LENGTH = 2048;
export const USER_AGENT_MAX_LENGTH = 300;

/** Where the browser sends its reports, as JSON (server/path-rules.ts). */
export const REPORTS_PATH = "/errors";

/** A report's body at most: its fields cut to the lengths above fit with room to spare. */
export const REPORT_MAX_BYTES = 32 * 1024;

/** Reports one page load sends at most (the same error is sent once). */
export const REPORTS_PER_PAGE = 5;

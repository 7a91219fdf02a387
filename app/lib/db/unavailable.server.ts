/**
 * Recognises the errors that mean "the database cannot answer right now" (a lock held elsewhere,
 * a statement past its bound, a server that is down or unreachable), as opposed to a mistake in a
 * query. Those are worth a 503 and a retry; the rest stay errors.
 */

/** How long a visitor (or a client honouring Retry-After) should wait before trying again. */
export const retryAfterSeconds = 10;

/** PostgreSQL SQLSTATEs of a database that is stalled, starting, stopping or full. */
const unavailableSqlStates: Record<string, string> = {
  "57014": "statement timeout",
  "55P03": "lock timeout",
  "57P01": "server shutting down",
  "57P03": "server starting",
  "53300": "too many connections",
};

/** Network errors of a connection that cannot be made or was lost. */
const unavailableNetworkCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "EAI_AGAIN"]);

/** Messages of node-postgres and its pool, which carry no code. */
const unavailableMessages = ["timeout exceeded when trying to connect", "Connection terminated", "Query read timeout"];

/** SQLite's primary result codes for a database locked by another connection, past the busy timeout. */
export const sqliteBusy = 5;
const sqliteLocked = 6;

interface ErrorFields {
  code?: unknown;
  errcode?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * Why the database is unavailable, in a few words for the log, when `error` (or its cause) says
 * so; undefined for any other error.
 */
export function databaseUnavailableReason(error: unknown, depth = 0): string | undefined {
  if (typeof error !== "object" || error === null || depth > 5) return undefined;
  const { code, errcode, message, cause, errors } = error as ErrorFields;
  if (typeof code === "string" && code in unavailableSqlStates) return `${unavailableSqlStates[code]} (${code})`;
  if (typeof code === "string" && unavailableNetworkCodes.has(code)) return `connection failed (${code})`;
  // node:sqlite: code is ERR_SQLITE_ERROR; the low byte of errcode is SQLite's primary code.
  if (typeof errcode === "number" && [sqliteBusy, sqliteLocked].includes(errcode & 0xff)) return "database locked (SQLite)";
  if (typeof message === "string" && unavailableMessages.some((text) => message.startsWith(text))) return message;
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  const nested = [cause, ...(Array.isArray(errors) ? errors : [])];
  for (const inner of nested) {
    const reason = databaseUnavailableReason(inner, depth + 1);
    if (reason) return reason;
  }
  return undefined;
}

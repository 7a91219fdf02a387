import { data, type HeadersArgs } from "react-router";

/** A 429 answer whose Retry-After says when to try again; the route must also export `keepRetryAfter` as `headers`. */
export const tooManyRequests = <T>(body: T, retryAfterSeconds: number) =>
  data(body, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });

/**
 * A route's `headers` export that keeps the Retry-After of a rate-limited (429) answer:
 * React Router sends headers given to `data()` in a page's action or loader only
 * through this export.
 */
export function keepRetryAfter({ actionHeaders, loaderHeaders }: HeadersArgs): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

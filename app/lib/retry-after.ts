import type { HeadersArgs } from "react-router";

/**
 * A route's `headers` export that keeps the Retry-After of a rate-limited (429) answer:
 * React Router sends headers given to `data()` in a page's action or loader only
 * through this export.
 */
export function keepRetryAfter({ actionHeaders, loaderHeaders }: HeadersArgs): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

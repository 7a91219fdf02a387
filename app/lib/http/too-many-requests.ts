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

const refusedNetworks = new WeakMap<object, { retryAfterSeconds: number; message: string }>();

/**
 * `tooManyRequests` for a limit counted per client address: the server also remembers the
 * address, and refuses its next posts to this page itself, with `message`, before reading a
 * session, counting or rendering anything, until the limit's window ends (server/middleware/refused-networks.ts).
 */
export function tooManyFromNetwork<T>({ http }: { http: { res: object } }, body: T, retryAfterSeconds: number, message: string) {
  refusedNetworks.set(http.res, { retryAfterSeconds, message });
  return tooManyRequests(body, retryAfterSeconds);
}

/** What the server remembers of a response's refusal, when it refused a client address. */
export const networkRefusal = (response: object) => refusedNetworks.get(response);

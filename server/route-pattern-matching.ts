// React Router's default matcher tries its ranked routes one after another until one matches, the
// longest first, and allocates for every try: about 100 KB and 50 µs for a one-segment address
// such as `/profile`, `/progress` or `/`, which come after the forty-odd longer routes; and a page
// is matched three times (the request handler, the data handler, the route manifest sent with the
// page). Its route-pattern matcher (React Router's `unstable_routePatternMatching` flag) finds the
// same routes in about 10 µs and 20–28 KB (docs/performance.md). The server uses it; the browser
// keeps the default one, which matches once per navigation and whose replacement would add its
// code to every page's JavaScript. The two differ on a path ending in several slashes, which the
// server redirects to the path with one (middleware/trailing-slashes.ts), and on an address that
// cannot be decoded (a stray %), which the server matches with the default matcher too.
import { createRequestHandler, type createStaticHandler, type ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";
import { isMalformed } from "#app/lib/http/malformed-address.ts";

unstable_preloadRoutePattern();

type StaticHandlerFlags = NonNullable<NonNullable<Parameters<typeof createStaticHandler>[1]>["future"]>;

/** The flags the server's React Router runs with: `build`'s own, and route-pattern matching. */
export function serverRouterFlags(build: ServerBuild): StaticHandlerFlags {
  const browserFlags = build.future;
  return {
    ...browserFlags,
    unstable_routePatternMatching: true,
    // React Router sends its flags to the browser with each page (as JSON). The browser has no
    // route-pattern matcher loaded and would refuse to start with the flag, so it gets its own flags.
    toJSON: () => browserFlags,
  } as StaticHandlerFlags;
}

/**
 * Whether the server matches the address `target` (path and query) with route-pattern. Not when it
 * cannot be decoded: route-pattern finds no route for it, where the browser's matcher finds the
 * not-found page or a course's, which answer it with 400 and say so.
 */
export const matchesWithRoutePattern = (target: string) => !isMalformed(target);

type Build = ServerBuild | (() => Promise<ServerBuild>);

/**
 * React Router's request handler for each request target: with route-pattern matching where it may.
 * The other one prepares itself (its routes, its static handler) on its first request only.
 */
export function requestHandlers(build: Build, mode: string) {
  const withRoutePattern = createRequestHandler(
    typeof build === "function" ? async () => withRoutePatternMatching(await build()) : withRoutePatternMatching(build),
    mode,
  );
  const asTheBrowser = createRequestHandler(build, mode);
  return (target: string) => (matchesWithRoutePattern(target) ? withRoutePattern : asTheBrowser);
}

/** `build` for the server's React Router: the same build, matching routes with route-pattern. */
export function withRoutePatternMatching(build: ServerBuild): ServerBuild {
  // The framework's type of a build's flags names none; React Router gives them to its static
  // handler, whose type names this one.
  return { ...build, future: serverRouterFlags(build) as unknown as ServerBuild["future"] };
}

// The server matches routes with React Router's route-pattern matcher, the browser with its default
// one (server/route-pattern-matching.ts). Both must find the same routes with the same parameters
// for every address, or a page would render on the server as one route and hydrate as another.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import fc from "fast-check";
import { createStaticHandler, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "#app/routes.ts";
import { routePatterns } from "#tests/setup/hostile-requests.ts";
import { withOneTrailingSlash } from "./middleware/trailing-slashes.ts";
import { matchesWithRoutePattern, serverRouterFlags, withRoutePatternMatching } from "./route-pattern-matching.ts";

const routeObject = (entry: RouteConfigEntry): RouteObject =>
  entry.index
    ? { id: entry.id ?? entry.file, index: true, path: entry.path }
    : {
        id: entry.id ?? entry.file,
        path: entry.path,
        caseSensitive: entry.caseSensitive,
        children: (entry.children ?? []).map(routeObject),
      };

const routes: RouteObject[] = [{ id: "root", path: "", children: routeConfig.map(routeObject) }];
const build = { future: {} } as ServerBuild;
const browserMatcher = createStaticHandler(routes);
const serverMatcher = createStaticHandler(routes, { future: serverRouterFlags(build) });

/** What a match says: each route's id, parameters and the part of the path it took. */
const matched = (handler: typeof browserMatcher, path: string) =>
  handler.match(path)?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase })) ?? null;

/** A path segment as a browser sends it: percent-encoded, any text. */
const segment = fc.oneof(
  fc.constantFrom("java", "5", "new", "results.csv", "open-badge.json", "a.b", ".", "..", "", "%20", "%2F", "Java", "%", "%zz", "%E0%A4%A"),
  fc.string({ unit: "grapheme", maxLength: 12 }).map(encodeURIComponent),
  fc.webSegment(),
);

/** An address of one of the site's routes, its parameters filled in, changed the ways real requests change it. */
const address = fc
  .record({
    pattern: fc.constantFrom(...routePatterns()),
    values: fc.array(segment, { minLength: 4, maxLength: 4 }),
    extra: fc.array(segment, { maxLength: 2 }),
    trailingSlash: fc.boolean(),
    upperCase: fc.boolean(),
  })
  .map(({ pattern, values, extra, trailingSlash, upperCase }) => {
    let filled = 0;
    const path = [pattern.replace(/:\w+|\*/g, () => values[filled++ % values.length]!), ...extra].join("/");
    const shaped = trailingSlash ? `${path}/` : path;
    return upperCase ? shaped.toUpperCase() : shaped;
  });

describe("route matching on the server", () => {
  it("finds the routes the browser finds, with the same parameters, for every route of the site", () => {
    for (const pattern of routePatterns()) {
      const path = pattern.replace(/:\w+|\*/g, "java");
      expect(matched(serverMatcher, path), path).toEqual(matched(browserMatcher, path));
    }
    expect(matched(serverMatcher, "/test/java/attempts/5")?.at(-1)?.params).toEqual({ quiz: "java", attempt: "5" });
  });

  it("finds the routes the browser finds for any address, odd ones included", () => {
    fc.assert(
      fc.property(fc.oneof(address, fc.webPath()), (sent) => {
        // As both routers get it: the path of a parsed URL, its "." and ".." segments resolved, and
        // redirected to one slash at its end where it had more (server/middleware/trailing-slashes.ts).
        const path = withOneTrailingSlash(new URL(`http://localhost${sent}`).pathname);
        const server = matchesWithRoutePattern(path) ? serverMatcher : browserMatcher;
        expect(matched(server, path)).toEqual(matched(browserMatcher, path));
      }),
      { numRuns: 3_000 },
    );
  });

  it("sends the browser the build's own flags, without route-pattern matching, which it has not loaded", () => {
    const flags = withRoutePatternMatching({ ...build, future: { v9_example: true } as never }).future;
    expect(flags).toMatchObject({ unstable_routePatternMatching: true });
    expect(JSON.parse(JSON.stringify({ future: flags }))).toEqual({ future: { v9_example: true } });
  });
});

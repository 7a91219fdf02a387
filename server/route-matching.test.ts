// React Router remembers which of its ranked routes each path matched (patches/react-router+8.4.0.patch,
// docs/performance.md): the matches must stay what matching every route in rank order gives,
// for the same path asked again, for paths with other parameters and once the memory is full.
import { createStaticHandler, matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";

const routes: RouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "about", path: "about" },
      { id: "quiz", path: "test/:quiz" },
      { id: "attempt", path: "test/:quiz/attempts/:attempt" },
      { id: "staff-course", path: "staff/courses/:slug" },
      { id: "courses", path: "courses/*" },
    ],
  },
];

/** What a match says, without the route objects themselves. */
const summary = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase })) ?? null;

/** Matching every route in rank order, as React Router does with nothing remembered. */
const unremembered = (path: string) => summary(matchRoutes(routes, path));

describe("route matching with the branch each path matched remembered", () => {
  const handler = createStaticHandler(routes);
  const remembered = (path: string) => summary(handler.match(path));

  it("gives the same matches when a path is asked again", () => {
    for (const path of ["/test/java", "/test/java", "/", "/", "/about", "/about/"]) {
      expect(remembered(path)).toEqual(unremembered(path));
    }
    expect(remembered("/test/java")?.at(-1)).toEqual({
      id: "quiz",
      params: { quiz: "java" },
      pathname: "/test/java",
      pathnameBase: "/test/java",
    });
  });

  it("reads each path's own parameters, not those of the path that matched the route before", () => {
    expect(remembered("/test/java/attempts/1")?.at(-1)?.params).toEqual({ quiz: "java", attempt: "1" });
    expect(remembered("/test/python/attempts/2")?.at(-1)?.params).toEqual({ quiz: "python", attempt: "2" });
    expect(remembered("/test/java/attempts/1")?.at(-1)?.params).toEqual({ quiz: "java", attempt: "1" });
    expect(remembered("/courses/java/lessons/5")?.at(-1)?.params).toEqual({ "*": "java/lessons/5" });
  });

  it("answers no match again for a path no route takes", () => {
    expect(remembered("/staff/courses")).toBeNull();
    expect(remembered("/staff/courses")).toBeNull();
    expect(unremembered("/staff/courses")).toBeNull();
  });

  it("hands out new match objects each time, so that a caller changing one changes no later request's", () => {
    const first = handler.match("/test/java");
    const second = handler.match("/test/java");
    expect(second).not.toBe(first);
    expect(second?.[1]).not.toBe(first?.[1]);
    expect(second?.[1]?.params).not.toBe(first?.[1]?.params);
  });

  it("stays right past the number of paths it remembers", () => {
    for (let attempt = 0; attempt < 1_500; attempt++) {
      expect(remembered(`/test/java/attempts/${attempt}`)?.at(-1)?.params).toEqual({ quiz: "java", attempt: String(attempt) });
    }
    expect(remembered("/about")).toEqual(unremembered("/about"));
    expect(remembered("/test/java/attempts/0")?.at(-1)?.params).toEqual({ quiz: "java", attempt: "0" });
  });
});

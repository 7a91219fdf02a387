import { describe, expect, it } from "vitest";
import { categories } from "./categories.ts";
import { coursesByCategory } from "./seeds/courses.ts";
import { validateSiteContent } from "./validate.server.ts";
import { findVideoCourse, videoCourses } from "./seeds/video-courses.ts";

describe("site content", () => {
  it("passes its schemas", () => {
    expect(() => validateSiteContent()).not.toThrow();
  });

  it("has the spec's categories and counts", () => {
    expect(categories.map((c) => [c.name, c.count, c.href])).toEqual([
      ["MERN Stack", 4, "/courses/mern"],
      ["Full Stack Web Development", 8, "/courses/fullstack"],
      ["Programming Languages Tutorial", 4, "/cources/programming"],
      ["Online Marketing", 1, undefined],
    ]);
  });

  it("sends every card's join path to a video course page", () => {
    for (const course of Object.values(coursesByCategory).flat()) {
      expect(findVideoCourse(course.join), course.join).toBeDefined();
    }
  });

  it("finds a video course whatever the letter case or trailing slash", () => {
    expect(findVideoCourse("/cources/programming/ADVJAVA/")?.slug).toBe("advanced-java");
    expect(findVideoCourse("/courses/mern")).toBeUndefined();
    expect(videoCourses).toHaveLength(11);
  });
});

import { describe, expect, it } from "vitest";
import { categories } from "./categories.ts";
import { contactDetails } from "./contact.ts";
import { contactDetailsSchema } from "./schemas.ts";
import { coursesByCategory } from "./seeds/courses.ts";
import { validateSiteContent } from "./validate.server.ts";
import { findVideoCourse, videoCourses } from "./seeds/video-courses.ts";

describe("site content", () => {
  it("passes its schemas", () => {
    expect(() => validateSiteContent()).not.toThrow();
  });

  it("links a social media profile only at a real https address", () => {
    const withProfile = (href: string) =>
      contactDetailsSchema.safeParse({ ...contactDetails, social: [{ name: "YouTube", href }] }).success;
    expect(withProfile("https://www.youtube.com/@college")).toBe(true);
    for (const href of [
      "https://youtube.example/college",
      "https://www.example.com/college",
      "https://college.test/",
      "http://www.youtube.com/@college",
      "javascript:alert(1)",
    ]) {
      expect(withProfile(href), href).toBe(false);
    }
    expect(contactDetailsSchema.safeParse({ ...contactDetails, social: [{ name: "YouTube" }] }).success).toBe(true);
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

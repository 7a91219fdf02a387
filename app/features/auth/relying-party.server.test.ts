import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./relying-party.server.ts";

describe("safeReturnTo", () => {
  it.each([
    ["/courses/mern?tab=1#top", "/courses/mern?tab=1#top"],
    ["/", "/"],
    ["/a/../profile", "/profile"],
  ])("keeps the site path %s", (input, output) => {
    expect(safeReturnTo(input)).toBe(output);
  });

  it.each([
    null,
    "",
    "https://evil.example/",
    "//evil.example/x",
    "/\\\\evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "/%2e//evil.example",
    "/./\\\\evil.example",
    "javascript:alert(1)",
    "profile",
  ])("sends %j home instead", (input) => {
    expect(safeReturnTo(input)).toBe("/");
  });

  it("gives the same answer when applied twice", () => {
    for (const input of ["/x/..//evil.example", "/.//evil.example", "/courses"]) {
      expect(safeReturnTo(safeReturnTo(input))).toBe(safeReturnTo(input));
    }
  });
});

import { describe, expect, it } from "vitest";
import { lastAnswers } from "./last-answers.ts";

describe("a function's last answers", () => {
  it("answers a text asked again without asking the function, false and null answers included", () => {
    const asked: string[] = [];
    const isShort = lastAnswers((text: string) => {
      asked.push(text);
      return text.length < 4 ? text.length : null;
    });
    expect([isShort("abc"), isShort("abcdef"), isShort("abc"), isShort("abcdef")]).toEqual([3, null, 3, null]);
    expect(asked).toEqual(["abc", "abcdef"]);
  });

  it("keeps no more than it was told, forgetting them all when full", () => {
    const asked: string[] = [];
    const echo = lastAnswers((text: string) => {
      asked.push(text);
      return text;
    }, 2);
    for (const text of ["a", "b", "c", "a", "c"]) echo(text);
    expect(asked).toEqual(["a", "b", "c", "a"]);
  });
});

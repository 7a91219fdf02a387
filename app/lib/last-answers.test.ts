import { describe, expect, it } from "vitest";
import { lastAnswers } from "./last-answers.ts";

describe("a function's last answers", () => {
  it("answers a text asked again without asking the function, false and null answers included", () => {
    const asked: string[] = [];
    const shortLength = lastAnswers((text: string) => {
      asked.push(text);
      return text.length < 4 ? text.length : null;
    });
    const isEmpty = lastAnswers((text: string) => {
      asked.push(text);
      return text === "";
    });
    expect([shortLength("abc"), shortLength("abcdef"), shortLength("abc"), shortLength("abcdef")]).toEqual([3, null, 3, null]);
    expect([isEmpty("x"), isEmpty("x")]).toEqual([false, false]);
    expect(asked).toEqual(["abc", "abcdef", "x"]);
  });

  it("keeps no more than it was told: a text asked long ago is asked of the function again", () => {
    const asked: string[] = [];
    const echo = lastAnswers((text: string) => {
      asked.push(text);
      return text;
    }, 2);
    for (const text of ["a", "b", "c", "d", "a"]) echo(text);
    expect(asked).toEqual(["a", "b", "c", "d", "a"]);
  });
});

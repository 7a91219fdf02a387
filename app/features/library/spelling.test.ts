import { describe, expect, it } from "vitest";
import { correctedSearch, editDistance, vocabularyOf } from "./spelling.ts";

const titles = [
  "introduction to algorithms",
  "algorithms in java",
  "think data structures algorithms and information retrieval in java",
  "programming in java",
  "the art of computer programming",
  "eloquent javascript a modern introduction to programming",
  "grokking algorithms",
  "data and reality",
  "calculus made easy",
];
const vocabulary = vocabularyOf(titles.map((title) => title.split(" ")));
const correct = (text: string) => correctedSearch(vocabulary, text.split(" "));

describe("edit distance", () => {
  it.each([
    ["algoritms", "algorithms", 1],
    ["progamming", "programming", 1],
    ["strucutres", "structures", 1],
    ["jvaa", "java", 1],
    ["kitten", "sitting", 3],
    ["same", "same", 0],
    ["", "abc", 3],
  ])("%s → %s: %i", (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
  });
});

describe("did you mean", () => {
  it("replaces a word of one or two wrong letters with the catalogue's nearest", () => {
    expect(correct("algoritms")).toBe("algorithms");
    expect(correct("progamming")).toBe("programming");
    expect(correct("data strucutres")).toBe("data structures");
    expect(correct("introdution to algorthms")).toBe("introduction to algorithms");
  });

  it("allows one letter in a short word, not two", () => {
    expect(correct("jvaa")).toBe("java");
    expect(correct("jxvx")).toBeNull();
  });

  it("among words as near, takes the one more books use", () => {
    // "data" (two books) and "java" (three) are both one letter from "jata".
    expect(correct("jata")).toBe("java");
  });

  it("leaves words the catalogue holds, numbers, and a last word that starts one of its words", () => {
    expect(correct("java algorithms")).toBeNull();
    expect(correct("algorithms 2024")).toBeNull();
    expect(correct("calculus ma")).toBeNull();
    expect(correct("zzzzzzzz")).toBeNull();
  });
});

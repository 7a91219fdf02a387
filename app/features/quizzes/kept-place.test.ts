import { describe, expect, it } from "vitest";
import { answeredSoFar } from "./kept-place.ts";

const question = (id: string, options: string[]) => ({ id, question: `Question ${id}?`, options, answer: options[0]!, explanation: "" });
const quiz = [question("a", ["1", "2"]), question("b", ["x", "y", "z"]), question("c", ["yes", "no"]), question("d", ["p", "q"])];

describe("a kept place in a quiz", () => {
  it("gives the choices by their option's place now, none as none", () => {
    expect(
      answeredSoFar(quiz, [
        { question: "a", choice: "2" },
        { question: "b", choice: null },
      ]),
    ).toEqual([1, null]);
  });

  it("keeps only what still fits a quiz edited since: the same questions in order, each chosen option still there", () => {
    const reordered = [quiz[0]!, question("b", ["z", "x", "y"]), ...quiz.slice(2)];
    expect(
      answeredSoFar(reordered, [
        { question: "a", choice: "1" },
        { question: "b", choice: "z" },
      ]),
    ).toEqual([0, 0]);
    // A question removed since: what followed it answered another question, whatever its option's text.
    expect(
      answeredSoFar(quiz, [
        { question: "a", choice: "1" },
        { question: "gone", choice: "y" },
      ]),
    ).toEqual([0]);
    expect(
      answeredSoFar(quiz, [
        { question: "a", choice: "gone" },
        { question: "b", choice: "x" },
      ]),
    ).toEqual([]);
  });

  it("never counts every question answered: the last is still to answer", () => {
    const all = quiz.map((one) => ({ question: one.id, choice: one.options[0]! }));
    expect(answeredSoFar(quiz, all)).toEqual([0, 0, 0]);
  });
});

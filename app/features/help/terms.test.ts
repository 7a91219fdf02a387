import { describe, expect, it } from "vitest";
import { excerpt } from "./excerpt.ts";
import { questionTerms, tokens } from "./terms.ts";

describe("question terms", () => {
  it("keep what a question is about and drop how it is asked", () => {
    expect(questionTerms("How do I register?")).toEqual(["register"]);
    expect(questionTerms("java quiz")).toEqual(["java", "quiz"]);
    expect(questionTerms("How do I … ?")).toEqual([]);
  });

  it("fold plurals and possessives so singular and plural meet", () => {
    expect(questionTerms("quizzes libraries classes books lessons")).toEqual(["quiz", "library", "class", "book", "lesson"]);
    expect(questionTerms("the college's address")).toEqual(["college", "address"]);
    // Words ending in -us or -is are not plurals.
    expect(questionTerms("campus analysis")).toEqual(["campus", "analysis"]);
  });

  it("read two-word names as one word", () => {
    expect(questionTerms("How do I sign up?")).toEqual(["signup"]);
    expect(questionTerms("signing in, log-in, log out")).toEqual(["signin", "login", "logout"]);
    expect(questionTerms("the E-Library")).toEqual(["elibrary"]);
  });

  it("split on anything that is not a letter or a digit, in any script", () => {
    expect(tokens("Node.js & <script>: 10 நிமிடம்")).toEqual(["Node", "js", "script", "10", "நிமிடம்"]);
  });
});

describe("excerpt", () => {
  const text = "Set up your toolkit first. Then write a quiz app with ten questions. Finally, deploy it.";

  it("shows the sentence with the matched words, and the next one when it fits", () => {
    expect(excerpt(text, ["quiz"])).toBe("Then write a quiz app with ten questions. Finally, deploy it.");
  });

  it("starts from the beginning when no sentence holds a matched word", () => {
    expect(excerpt(text, ["nothing"])).toBe("Set up your toolkit first. Then write a quiz app with ten questions.");
  });

  it("adds the next sentence only when all of it fits", () => {
    expect(excerpt(text, ["nothing"], 60)).toBe("Set up your toolkit first.");
  });

  it("cuts a long sentence at a word boundary and marks the cut", () => {
    const cut = excerpt(`${"word ".repeat(100)}end.`, ["word"], 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/word…$/);
  });
});

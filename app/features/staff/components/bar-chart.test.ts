import { describe, expect, it } from "vitest";
import { labelLines } from "./bar-chart.tsx";

describe("a bar chart's label", () => {
  it("stays on one line when it fits", () => {
    expect(labelLines("1. Installing the JDK")).toEqual(["1. Installing the JDK"]);
  });

  it("wraps between words, never cutting a word that fits on a line", () => {
    const lines = labelLines("2. How Java Runs: Compiler, Bytecode and the JVM explained");
    expect(lines).toEqual(["2. How Java Runs: Compiler,", "Bytecode and the JVM explained"]);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(34);
  });

  it("breaks a word longer than a line where it must", () => {
    expect(labelLines("see https://college.example/a/very/long/address/indeed")).toEqual([
      "see",
      "https://college.example/a/very/lon",
      "g/address/indeed",
    ]);
  });

  it("ends a label longer than three lines with an ellipsis", () => {
    const lines = labelLines(
      "Which of these statements about the Java virtual machine, its garbage collector and the bytecode verifier is true?",
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/…$/);
    expect(lines.join(" ").startsWith("Which of these statements about the Java virtual machine")).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { initials } from "./initials.ts";

describe("initials", () => {
  it.each([
    ["Meena Raman", "MR"],
    ["  kavya   subramanian  ", "KS"],
    ["Ravi (walkthrough)", "RW"],
    ["Dr. Anand Kumar", "DA"],
    ["(anonymous) Priya", "AP"],
    ["Élodie Ñúñez", "ÉÑ"],
    ["அருண் குமார்", "அக"],
    ["O'Brien", "O"],
    ["1984 fan", "1F"],
    ["*** !!!", "?"],
    ["", "?"],
  ])("%j → %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

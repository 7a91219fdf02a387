import { describe, expect, it } from "vitest";
import { createReportBudget } from "./report-budget.server.ts";

function budgetAt(rules = { perAddress: 2, perProcess: 3, windowSeconds: 60 }) {
  let now = 1_000_000;
  const budget = createReportBudget(rules, () => now);
  return { budget, advance: (seconds: number) => (now += seconds * 1000) };
}

describe("createReportBudget", () => {
  it("lets each address send its share in a window, then says when to try again", () => {
    const { budget, advance } = budgetAt();
    expect(budget.take("a").allowed).toBe(true);
    advance(15);
    expect(budget.take("a").allowed).toBe(true);
    expect(budget.take("a")).toEqual({ allowed: false, retryAfterSeconds: 45, processJustFilled: false });
    expect(budget.take("b").allowed).toBe(true);
  });

  it("caps the whole process, and says so once a window", () => {
    const { budget } = budgetAt();
    budget.take("a");
    budget.take("b");
    budget.take("c");
    expect(budget.take("d")).toMatchObject({ allowed: false, processJustFilled: true });
    expect(budget.take("e")).toMatchObject({ allowed: false, processJustFilled: false });
  });

  it("starts afresh when the window is over", () => {
    const { budget, advance } = budgetAt();
    budget.take("a");
    budget.take("a");
    budget.take("b");
    expect(budget.take("c")).toMatchObject({ allowed: false, processJustFilled: true });
    advance(60);
    expect(budget.take("a").allowed).toBe(true);
    expect(budget.take("a").allowed).toBe(true);
    expect(budget.take("c").allowed).toBe(true);
    expect(budget.take("d")).toMatchObject({ allowed: false, processJustFilled: true });
  });

  it("never says less than a second", () => {
    const { budget, advance } = budgetAt({ perAddress: 1, perProcess: 10, windowSeconds: 60 });
    budget.take("a");
    advance(59.9);
    expect(budget.take("a")).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
  });
});

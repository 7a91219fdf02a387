import { describe, expect, it } from "vitest";
import { RecentlyUsed } from "./recently-used.ts";

describe("RecentlyUsed", () => {
  it("keeps at least the last half of what it keeps, and nothing set more than that many sets ago", () => {
    const kept = new RecentlyUsed<number, number>(10);
    for (let index = 0; index < 1000; index++) kept.set(index, index * 2);
    // Newest first: each is found in the newer generation, which finding it does not change.
    expect([999, 998, 997, 996, 995].map((key) => kept.get(key))).toEqual([1998, 1996, 1994, 1992, 1990]);
    expect(kept.get(989)).toBeUndefined();
    expect(kept.get(0)).toBeUndefined();
  });

  it("keeps an entry that is used while others come and go", () => {
    const kept = new RecentlyUsed<string, string>(4);
    kept.set("used", "markup");
    for (let index = 0; index < 100; index++) {
      kept.set(`other-${index}`, "x");
      expect(kept.get("used")).toBe("markup");
    }
    expect(kept.get("other-0")).toBeUndefined();
  });

  it("setting a key again replaces its value", () => {
    const kept = new RecentlyUsed<string, number>(4);
    kept.set("a", 1);
    kept.set("a", 2);
    expect(kept.get("a")).toBe(2);
  });
});

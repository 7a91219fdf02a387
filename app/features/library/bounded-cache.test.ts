import { describe, expect, it } from "vitest";
import { BoundedCache } from "./bounded-cache.ts";

describe("BoundedCache", () => {
  it("forgets entries once they expire", () => {
    const cache = new BoundedCache<string>(10, 1000);
    cache.set("a", "A", 0);
    expect(cache.get("a", 999)).toBe("A");
    expect(cache.get("a", 1000)).toBeUndefined();
  });
  it("drops the entry used longest ago when full", () => {
    const cache = new BoundedCache<number>(2, 60_000);
    cache.set("a", 1, 0);
    cache.set("b", 2, 0);
    cache.get("a", 1);
    cache.set("c", 3, 2);
    expect(cache.get("b", 3)).toBeUndefined();
    expect(cache.get("a", 3)).toBe(1);
    expect(cache.get("c", 3)).toBe(3);
    expect(cache.size).toBe(2);
  });
});

import { describe, expect, it } from "vitest";
import { bodyBuffers } from "./body-buffers.ts";

describe("buffers for filled pages' bodies", () => {
  it("gives a buffer back to the next body only once the one before has given it back, and once", () => {
    const pool = bodyBuffers(4);
    const first = pool.take(30_000);
    expect(first.buffer.length).toBe(30_000);
    const second = pool.take(20_000);
    // Both in use: different memory.
    expect(second.buffer.buffer).not.toBe(first.buffer.buffer);
    first.giveBack();
    first.giveBack();
    expect(pool.free).toBe(1);
    const third = pool.take(10_000);
    expect(third.buffer.buffer).toBe(first.buffer.buffer);
    expect(pool.take(10_000).buffer.buffer).not.toBe(first.buffer.buffer);
  });

  it("gives a body larger than its buffers one of its own, and keeps no more free buffers than it was told", () => {
    const pool = bodyBuffers(2);
    const large = pool.take(100_000);
    expect(large.buffer.length).toBe(100_000);
    large.giveBack();
    expect(pool.free).toBe(0);
    const taken = [pool.take(1), pool.take(1), pool.take(1)];
    for (const one of taken) one.giveBack();
    expect(pool.free).toBe(2);
  });
});

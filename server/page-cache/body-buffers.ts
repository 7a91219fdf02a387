// Buffers for the bodies of pages filled in for signed-in people, used again once an answer has
// been written. A signed-in course page is about 30 KB of spliced gzip: a new buffer of that size
// for each request is memory outside V8's heap, which V8 counts towards its next collection, and
// at 7,000 answers a second the allocation and the collections it brought were a tenth of the
// server's time (docs/performance.md).

/** Bodies up to this size are written into a buffer of the pool; a larger one gets its own. */
const bufferBytes = 64 * 1024;

export interface BodyBuffers {
  /** A buffer of `size` bytes to write a body into, and how to give it back once that body is written (at most once). */
  take(size: number): { buffer: Buffer; giveBack(): void };
  /** Buffers waiting to be used again. */
  readonly free: number;
}

/** A pool keeping up to `kept` free buffers: more are made while many answers are on their way (slow connections), then left to the collector. */
export function bodyBuffers(kept = 64): BodyBuffers {
  const free: Buffer[] = [];
  return {
    take(size) {
      if (size > bufferBytes) return { buffer: Buffer.allocUnsafe(size), giveBack: () => {} };
      const whole = free.pop() ?? Buffer.allocUnsafeSlow(bufferBytes);
      let given = false;
      return {
        buffer: whole.subarray(0, size),
        giveBack() {
          if (given) return;
          given = true;
          if (free.length < kept) free.push(whole);
        },
      };
    },
    get free() {
      return free.length;
    },
  };
}

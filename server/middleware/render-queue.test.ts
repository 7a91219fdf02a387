import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { LeftWhileWaiting, queueRenders } from "./render-queue.ts";

/** A response as the queue sees it: it ends with "close", and may have been cut off (destroyed). */
class FakeResponse extends EventEmitter {
  destroyed = false;
  close() {
    this.emit("close");
  }
}

function arrive({ handler }: ReturnType<typeof queueRenders>, started: number[], index: number, path = "/") {
  const res = new FakeResponse();
  handler({ path } as Request, res as unknown as Response, () => started.push(index));
  return res;
}

describe("queueRenders", () => {
  it("lets in at most its number of requests at once, the next in order of arrival as each ends", () => {
    const handler = queueRenders(2);
    const started: number[] = [];
    const responses = [0, 1, 2, 3, 4].map((index) => arrive(handler, started, index));
    expect(started).toEqual([0, 1]);
    responses[1]!.close();
    expect(started).toEqual([0, 1, 2]);
    responses[0]!.close();
    responses[2]!.close();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    responses[3]!.close();
    responses[4]!.close();
    // All turns given back: the next two start at once.
    arrive(handler, started, 5);
    arrive(handler, started, 6);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("gives the turn of a visitor who left while waiting to the next one", () => {
    const handler = queueRenders(1);
    const started: number[] = [];
    const first = arrive(handler, started, 0);
    const gone = arrive(handler, started, 1);
    arrive(handler, started, 2);
    gone.destroyed = true;
    first.close();
    expect(started).toEqual([0, 2]);
  });

  it("lets a request that waits rather than renders (a long poll) past, neither waiting for a turn nor holding one", () => {
    const handler = queueRenders(1, (path) => path.endsWith("/room/messages"));
    const started: number[] = [];
    arrive(handler, started, 0, "/mentorship/bookings/1/room/messages");
    arrive(handler, started, 1);
    arrive(handler, started, 2, "/mentorship/bookings/2/room/messages");
    arrive(handler, started, 3);
    expect(started).toEqual([0, 1, 2]);
  });

  it("gives a turn taken outside the middleware in the same order, and lets its response through the middleware on it", async () => {
    const queue = queueRenders(1);
    const started: number[] = [];
    const first = arrive(queue, started, 0);
    const outside = new FakeResponse() as unknown as Response;
    const turn = queue.turn(outside).then(() => started.push(1));
    arrive(queue, started, 2);
    await Promise.resolve();
    expect(started).toEqual([0]);
    first.close();
    await turn;
    expect(started).toEqual([0, 1]);
    // The same response on to the renderer: no second turn, no wait behind the request after it.
    queue.handler({ path: "/" } as Request, outside, () => started.push(3));
    expect(started).toEqual([0, 1, 3]);
    (outside as unknown as FakeResponse).close();
    expect(started).toEqual([0, 1, 3, 2]);
  });

  it("refuses a turn to a response cut off while it waited, and gives the turn on", async () => {
    const queue = queueRenders(1);
    const started: number[] = [];
    const first = arrive(queue, started, 0);
    const gone = new FakeResponse();
    const turn = queue.turn(gone as unknown as Response);
    arrive(queue, started, 2);
    gone.destroyed = true;
    first.close();
    await expect(turn).rejects.toBeInstanceOf(LeftWhileWaiting);
    expect(started).toEqual([0, 2]);
  });

  it("counts a turn held in one queue as none in another", () => {
    const [first, second] = [queueRenders(1), queueRenders(1)];
    const started: number[] = [];
    const res = arrive(first, started, 0);
    arrive(second, started, 1);
    second.handler({ path: "/" } as Request, res as unknown as Response, () => started.push(2));
    expect(started).toEqual([0, 1]);
  });
});

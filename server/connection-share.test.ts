import { Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectionShare, connectionShares, surplus, type SharesHeard } from "./connection-share.ts";

describe("a worker's surplus of connections", () => {
  it("is none alone, at an even share, or within a few of it", () => {
    expect(surplus(500, 0, 1)).toBe(0);
    expect(surplus(25, 25, 2)).toBe(0);
    expect(surplus(27, 23, 2)).toBe(0);
  });

  it("is what it holds past an even share and a twentieth of it", () => {
    expect(surplus(50, 0, 2)).toBe(23);
    expect(surplus(300, 200, 2)).toBe(37);
    expect(surplus(300, 300, 3)).toBe(90);
  });
});

describe("a worker's share", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  function holding(count: number, shares: SharesHeard) {
    const reports: number[] = [];
    const share = connectionShare((open) => reports.push(open));
    for (let index = 0; index < count; index++) share.changed(1);
    share.heard(shares);
    return { share, reports };
  }

  it("tells the primary its count at most every 50 ms, and only when it changed", () => {
    const { share, reports } = holding(30, { others: 0, workers: 2 });
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(reports).toEqual([30]);
    share.changed(-1);
    share.changed(1);
    vi.advanceTimersByTime(50);
    expect(reports).toEqual([30]);
    share.changed(-1);
    vi.advanceTimersByTime(50);
    expect(reports).toEqual([30, 29]);
  });

  it("lets go of a surplus found at two weighings in a row, each connection once, and no more", () => {
    const { share } = holding(30, { others: 20, workers: 2 });
    const sockets = Array.from({ length: 5 }, () => new Socket());
    expect(share.letsGo(sockets[0]!)).toBe(false);
    vi.advanceTimersByTime(250);
    // A surplus seen once may be a crowd still arriving, which the others' counts have not caught up with.
    expect(share.letsGo(sockets[0]!)).toBe(false);
    vi.advanceTimersByTime(250);
    expect(sockets.map((socket) => share.letsGo(socket))).toEqual([true, true, true, false, false]);
    // The answers after the first on a connection let go close it too.
    expect(share.letsGo(sockets[0]!)).toBe(true);
    // Those let go and not yet closed count as gone at the next weighing: nothing more to let go.
    vi.advanceTimersByTime(500);
    expect(share.letsGo(sockets[3]!)).toBe(false);
  });

  it("lets go of nothing once the others' counts show the share even", () => {
    const { share } = holding(30, { others: 0, workers: 2 });
    vi.advanceTimersByTime(250);
    share.heard({ others: 30, workers: 2 });
    vi.advanceTimersByTime(250);
    expect(share.letsGo(new Socket())).toBe(false);
  });
});

describe("the primary's count of the workers' connections", () => {
  it("tells each other worker what the others hold and how many serve", () => {
    const told: Array<[string, SharesHeard]> = [];
    const shares = connectionShares<string>((worker, heard) => told.push([worker, heard]));
    shares.joined("a");
    shares.joined("b");
    told.length = 0;
    shares.reported("a", 30);
    // Not "a" itself: its own count changes nothing of what the others hold.
    expect(told).toEqual([["b", { others: 30, workers: 2 }]]);
    told.length = 0;
    shares.left("b");
    expect(told).toEqual([["a", { others: 0, workers: 1 }]]);
    told.length = 0;
    // A worker gone is not counted again by a report still on its way.
    shares.reported("b", 10);
    expect(told).toEqual([]);
  });
});

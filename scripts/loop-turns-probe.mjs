// How a worker's requests fall into the turns of its event loop, sampled while a benchmark runs:
//   BENCH_LOAD_NODE_OPTIONS="--import ./scripts/loop-turns-probe.mjs" LOOP_TURNS_DIR=/tmp/turns npm run bench:load
// A turn here is one poll phase: the requests whose sockets one wait for I/O found ready (a
// setImmediate queued by the turn's first request closes it). For each request on a kept-alive
// connection: how many turns after its connection's previous request it came, by where that
// previous request stood in its own turn (tenths, first to last). Under a closed-loop crowd a
// request one turn later waited about one turn; two or three turns later, that many. Also how long
// the turns of over 100 requests took (ms) and the pause from a turn's end to the next request
// read (µs), as p50 and p90, counted in fixed buckets: nothing grows or is sorted in the worker
// it measures. Each worker rewrites <dir>/<pid>.json every second. Plain JavaScript, as
// scripts/memory-sampler.mjs, so that loading it brings in nothing else.
/* global process, setImmediate, setInterval */
import cluster from "node:cluster";
import { mkdirSync, writeFileSync } from "node:fs";
import { Server } from "node:http";
import { join } from "node:path";

const dir = process.env.LOOP_TURNS_DIR;

/** Counts of values in buckets of `width`, the last one taking everything above. */
function histogram(width, buckets) {
  const counts = new Array(buckets).fill(0);
  let total = 0;
  return {
    add(value) {
      counts[Math.min(buckets - 1, Math.floor(value / width))] += 1;
      total += 1;
    },
    /** The upper edge of the bucket holding the value at `fraction`; null before any value. */
    percentile(fraction) {
      if (total === 0) return null;
      let seen = 0;
      const index = counts.findIndex((count) => (seen += count) >= fraction * total);
      return (index + 1) * width;
    },
  };
}

if (dir && cluster.isWorker) {
  mkdirSync(dir, { recursive: true });
  let turn = 0;
  let inTurn = 0;
  let closing = false;
  /** Requests in each turn, by its number (tens of thousands of small numbers in a whole run). */
  const turnSizes = [];
  /** How long each turn of over 100 requests took, from its first request read to its end: 1 ms buckets. */
  const longTurnsMs = histogram(1, 1000);
  /** From each turn's end to the first request read after it: 50 µs buckets. */
  const pausesUs = histogram(50, 400);
  let turnStarted = 0n;
  let turnEnded = 0n;
  const closeTurn = () => {
    closing = false;
    turnEnded = process.hrtime.bigint();
    if (inTurn > 100) longTurnsMs.add(Number(turnEnded - turnStarted) / 1e6);
    turnSizes[turn] = inTurn;
    turn += 1;
    inTurn = 0;
  };
  /** Each connection's previous request: its turn and its place in it. */
  const previous = new WeakMap();
  /** By turns waited (1, 2, 3 or more), counts by tenth of the turn the previous request stood in. */
  const waited = { 1: Array(10).fill(0), 2: Array(10).fill(0), "3+": Array(10).fill(0) };
  let requests = 0;

  const emit = Server.prototype.emit;
  Server.prototype.emit = function (event, req, ...rest) {
    if (event === "request") {
      if (!closing) {
        closing = true;
        setImmediate(closeTurn);
        turnStarted = process.hrtime.bigint();
        if (turnEnded > 0n) pausesUs.add(Number(turnStarted - turnEnded) / 1e3);
      }
      const before = previous.get(req.socket);
      if (before && turnSizes[before.turn]) {
        const turns = turn - before.turn;
        const tenth = Math.min(9, Math.floor((10 * before.place) / turnSizes[before.turn]));
        // Pipelined requests share a turn (0): not what this counts.
        const row = waited[turns >= 3 ? "3+" : turns];
        if (row) row[tenth] += 1;
      }
      previous.set(req.socket, { turn, place: inTurn });
      inTurn += 1;
      requests += 1;
    }
    return emit.call(this, event, req, ...rest);
  };

  setInterval(() => {
    // Every turn closed began with a request read: `turn` counts them.
    if (turn === 0) return;
    writeFileSync(
      join(dir, `${process.pid}.json`),
      JSON.stringify({
        requests,
        turns: turn,
        meanTurn: Math.round(requests / turn),
        waited,
        longTurnMs: { p50: longTurnsMs.percentile(0.5), p90: longTurnsMs.percentile(0.9) },
        pauseUs: { p50: pausesUs.percentile(0.5), p90: pausesUs.percentile(0.9) },
      }),
    );
  }, 1000).unref();
}

// What a worker allocates under a benchmark, garbage included:
//   BENCH_LOAD_NODE_OPTIONS="--import ./scripts/allocation-profile.mjs" ALLOCATION_PROFILE_DIR=/tmp/alloc \
//     BENCH_LOAD_ONLY='lesson progress' npm run bench:load
// From 8 s after it starts, each worker samples its allocations for 8 s with V8's sampling heap
// profiler, counting the objects young and full collections freed as well (a plain heap profile
// shows only what survives), and writes <dir>/<pid>.heapprofile (open it in Chrome's DevTools,
// Memory tab). The nineteenth session found React Router's route matching this way
// (docs/performance.md). Plain JavaScript, as scripts/memory-sampler.mjs.
/* global process, setTimeout */
import cluster from "node:cluster";
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";

const dir = process.env.ALLOCATION_PROFILE_DIR;
const startAfterMs = 8_000;
const sampleForMs = 8_000;

if (dir && cluster.isWorker) {
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  setTimeout(async () => {
    await session.post("HeapProfiler.enable");
    await session.post("HeapProfiler.startSampling", {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    setTimeout(async () => {
      const { profile } = await session.post("HeapProfiler.stopSampling");
      writeFileSync(join(dir, `${process.pid}.heapprofile`), JSON.stringify(profile));
    }, sampleForMs).unref();
  }, startAfterMs).unref();
}

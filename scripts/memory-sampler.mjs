// Where a worker's memory goes, sampled while a benchmark runs:
//   BENCH_LOAD_NODE_OPTIONS="--import ./scripts/memory-sampler.mjs" MEMORY_SAMPLES_DIR=/tmp/memory npm run bench:load
// Each worker appends a line of JSON a second to <dir>/<pid>.jsonl: what V8 says of its heap and
// of the buffers outside it, and what the kernel counts as resident (/proc/self/smaps, in MB) for
// the node binary's pages, malloc's main heap and the anonymous mappings by size (V8 takes its
// pages 256 KB at a time). Plain JavaScript, so that loading it changes nothing it measures (a
// TypeScript file would bring Node's type stripper into every process: decision 023).
/* global process, setInterval */
import cluster from "node:cluster";
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.MEMORY_SAMPLES_DIR;
const mb = (bytes) => Math.round(bytes / 1048576);

/** Resident MB by kind of mapping. */
function residentByMapping() {
  const resident = {};
  let kind = "";
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const [, start, end, path] = mapping;
      const kb = (parseInt(end, 16) - parseInt(start, 16)) / 1024;
      if (path === "[heap]") kind = "mallocMainHeap";
      else if (path.endsWith("/node")) kind = "nodeBinary";
      else if (path.startsWith("/")) kind = "otherFiles";
      else if (path) kind = "other";
      else kind = kb === 256 ? "anon256K" : kb < 1024 ? "anonSmall" : "anonLarge";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) resident[kind] = (resident[kind] ?? 0) + Number(rss[1]) / 1024;
  }
  return Object.fromEntries(Object.entries(resident).map(([name, value]) => [name, Math.round(value)]));
}

if (dir && cluster.isWorker) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${process.pid}.jsonl`);
  setInterval(() => {
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const sample = {
      at: new Date().toISOString(),
      rss: mb(rss),
      heapTotal: mb(heapTotal),
      heapUsed: mb(heapUsed),
      external: mb(external),
      arrayBuffers: mb(arrayBuffers),
      ...residentByMapping(),
    };
    appendFileSync(file, `${JSON.stringify(sample)}\n`);
  }, 1000).unref();
}

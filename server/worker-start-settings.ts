// How the cluster's primary starts its workers: node's flags and malloc's settings that keep a
// worker's memory near what it uses under a crowd. Each one measured in docs/performance.md.

/**
 * V8 sizes its heap for throughput: a worker serving 500 connections grew past 500 MB while under
 * 100 MB of it was alive. A small young generation, and an old one let grow to 1.2 times what
 * survived its last collection, keep a worker under 300 MB at the same throughput. V8 keeps the
 * pages its heap reached resident after a collection frees them, so a worker's memory is its
 * heap's peak: letting it grow to 1.5 times, the largest worker of the signed-in and post rows
 * peaked at 324–333 MB, at 1.3 times 286–302 MB, at 1.2 times 279 MB, with no difference in
 * requests a second beyond the machine's spread (docs/performance.md).
 * The young generation's 8 MB semispaces, not 4: the form posts, which allocate the most per
 * request, answered 30 % more a second, and the largest worker of a whole run peaked lower (294
 * against 308 MB), fewer short-lived objects surviving into the old generation.
 * No allocation-site pretenuring: V8 notes where in the code objects are made that outlive a young
 * collection and from then on makes that place's objects in the old generation at once. A dead
 * object there is only found by a full collection, and until then every young object it points to
 * is kept by each young collection, copied and promoted. Under a crowd this took hold at times and
 * not at others: at 500 connections each young collection kept 8 to 11 MB instead of 0.3, paused
 * 16 ms instead of 1.5, and a signed-in course page took 550–580 µs of CPU instead of 290–365 and
 * answered 2,700–2,900 a second instead of 3,900–5,400 (docs/performance.md).
 * A setting of the operator's own (on node's command line or in NODE_OPTIONS) wins: `--no-x` and
 * `--x` name the same setting.
 */
const leanHeapFlags = ["--max-semi-space-size=8", "--heap-growing-percent=20", "--no-allocation-site-pretenuring"];

/** The setting a flag names: `--no-x`, `--x` and `--x=1` name one, as do `_` and `-`. */
const settingOf = (flag: string) =>
  flag
    .split("=")[0]!
    .replaceAll("_", "-")
    .replace(/^--no-/, "--");

/** A worker's node flags: the primary's own, then each lean flag the operator did not set (on node's command line or in NODE_OPTIONS). */
export function workerExecArgv(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const given = new Set([...execArgv, ...(nodeOptions ?? "").split(/\s+/)].map(settingOf));
  return [...execArgv, ...leanHeapFlags.filter((flag) => !given.has(settingOf(flag)))];
}

/**
 * glibc gives each thread that allocates a malloc arena of its own (libuv's pool: files, zlib,
 * crypto), and what it frees there stays in the process: two arenas kept the largest worker
 * about 50 MB smaller at 500 connections. And glibc serves a block from its own mapping, given
 * back when freed, only above a threshold that it raises to the size of each such block freed:
 * after one kept page's brotli (blocks of megabytes for the compressor's tables), every block below that
 * came from the main heap, which grew by fragments and never shrank. Fixed at its start value
 * (128 KB), the largest worker of a whole bench:load run peaked at 295 MB instead of 332 MB
 * (docs/performance.md). The operator's own settings win.
 */
export const workerEnv = () => ({
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
});

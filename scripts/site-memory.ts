// The memory and CPU of the site's processes (the primary and each worker), read from /proc
// (Linux), for the load benchmark. Memory is sampled under load in a thread of its own: reading a
// worker's smaps_rollup takes the kernel 2 to 4 ms per process while the site is busy (it walks the
// process's pages), and in the load generator's thread those 10 ms four times a second delayed
// every answer that arrived meanwhile, inflating the p99 the benchmark reports.
import { readFileSync } from "node:fs";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

/** Where a process's memory is read from, in kB: the file under /proc/<pid> and its line. */
const procFields = {
  rss: { file: "status", line: /^VmRSS:\s+(\d+) kB/m },
  pss: { file: "smaps_rollup", line: /^Pss:\s+(\d+) kB/m },
};

/** A process's memory in MB; 0 once the process is gone. */
function procMb(pid: number, field: keyof typeof procFields): number {
  const { file, line } = procFields[field];
  try {
    return Number(line.exec(readFileSync(`/proc/${pid}/${file}`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export interface SiteMemory {
  /** Resident, as `ps` shows it, of all the processes together. */
  total: number;
  /** The largest process's resident memory. */
  largestWorker: number;
  /**
   * The largest proportional set size (PSS): a process's own pages and its share of those it
   * shares with the site's other processes (Node's code and data files, mapped in each). RSS counts
   * shared pages whole in every process; PSS adds up to what the processes take together.
   */
  largestWorkerPss: number;
}

/** Memory in MB of the process `pid` and its children (the site's primary and workers), now. */
export function memoryMb(pid: number): SiteMemory {
  const processes = [pid, ...childrenOf(pid)].map((one) => ({
    rss: procMb(one, "rss"),
    pss: procMb(one, "pss"),
  }));
  return {
    total: processes.reduce((sum, one) => sum + one.rss, 0),
    largestWorker: Math.max(0, ...processes.map((one) => one.rss)),
    largestWorkerPss: Math.max(0, ...processes.map((one) => one.pss)),
  };
}

/** CPU time in µs (user and system) the process `pid` and its children have used so far, from /proc/<pid>/stat. */
export function cpuMicroseconds(pid: number): number {
  const ticksPerSecond = 100; // Linux's USER_HZ
  return [pid, ...childrenOf(pid)].reduce((sum, one) => {
    try {
      // The fields after the command's name (in parentheses, which may hold spaces): utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${one}/stat`, "utf8").split(") ")[1]!.split(" ");
      return sum + ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
    } catch {
      return sum;
    }
  }, 0);
}

const peakOf = (a: SiteMemory, b: SiteMemory): SiteMemory => ({
  total: Math.max(a.total, b.total),
  largestWorker: Math.max(a.largestWorker, b.largestWorker),
  largestWorkerPss: Math.max(a.largestWorkerPss, b.largestWorkerPss),
});

interface SamplerData {
  sampleSiteMemory: { pid: number; everyMs: number };
}

/** Samples the site's memory every `everyMs` in a thread of its own until `peak()` is asked, which ends it. */
export function samplePeakMemory(pid: number, everyMs = 250): { peak(): Promise<SiteMemory> } {
  const sampler = new Worker(new URL(import.meta.url), { workerData: { sampleSiteMemory: { pid, everyMs } } satisfies SamplerData });
  // A run that fails before asking for the peak must not be held open by the thread, nor end on its error.
  sampler.unref();
  let failed: unknown;
  sampler.on("error", (err) => (failed = err));
  return {
    async peak() {
      if (failed) throw failed;
      const answered = new Promise<SiteMemory>((resolve, reject) => {
        sampler.once("message", resolve);
        sampler.once("error", reject);
      });
      sampler.postMessage("peak");
      try {
        return await answered;
      } finally {
        await sampler.terminate();
      }
    },
  };
}

if (!isMainThread && (workerData as Partial<SamplerData> | undefined)?.sampleSiteMemory) {
  const { pid, everyMs } = (workerData as SamplerData).sampleSiteMemory;
  let peak = memoryMb(pid);
  const timer = setInterval(() => (peak = peakOf(peak, memoryMb(pid))), everyMs);
  parentPort!.once("message", () => {
    clearInterval(timer);
    parentPort!.postMessage(peakOf(peak, memoryMb(pid)));
  });
}

// Where a server's time went: reads a V8 CPU profile (`node --cpu-prof`, see docs/performance.md)
// and prints the share of samples spent in each part of the stack, by the file of the function
// that was running. Usage: node scripts/summarize-cpu-profile.ts <file.cpuprofile>
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The part of the stack a function belongs to, judged by its file (first match wins). */
const parts: Array<[string, (frame: ProfileNode["callFrame"]) => boolean]> = [
  ["garbage collection", (f) => f.functionName === "(garbage collector)"],
  ["idle (waiting for the network)", (f) => f.functionName === "(idle)"],
  ["React rendering", (f) => /react-dom|\/react\//.test(f.url)],
  ["React Router", (f) => /react-router/.test(f.url)],
  ["page cache", (f) => /page-cache/.test(f.url)],
  ["compression (zlib, brotli)", (f) => /zlib|compression/.test(f.url)],
  ["database (Kysely, SQLite, pg)", (f) => /kysely|node:sqlite|\/pg\//.test(f.url)],
  ["Express and its middleware (static, routing)", (f) => /express|serve-static|send|router|on-headers|finalhandler/.test(f.url)],
  ["logging (pino)", (f) => /pino|sonic-boom/.test(f.url)],
  ["Node's HTTP and streams", (f) => /node:(_http|http|net|stream|internal\/streams|internal\/http)/.test(f.url)],
  ["the site's own code", (f) => /build\/server|\/app\/|\/server\//.test(f.url)],
  ["native and V8 internals", (f) => f.url === ""],
];

/** The share of busy time of each part, then the functions that took the most time of their own. */
export function summarize(profile: Profile, topFunctions = 20): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  const functions = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)!.callFrame;
    const part = parts.find(([, matches]) => matches(frame))?.[0] ?? "other";
    const micros = profile.timeDeltas[index] ?? 0;
    totals.set(part, (totals.get(part) ?? 0) + micros);
    const name = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").slice(-2).join("/")}`;
    if (!part.startsWith("idle")) functions.set(name, (functions.get(name) ?? 0) + micros);
    all += micros;
  });
  const busy = all - (totals.get("idle (waiting for the network)") ?? 0);
  const share = (micros: number) => `${((micros / busy) * 100).toFixed(1).padStart(5)} %`;
  const lines = [`${(all / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy; shares of the busy time:`];
  for (const [part, micros] of [...totals].sort((a, b) => b[1] - a[1])) {
    if (!part.startsWith("idle")) lines.push(`  ${share(micros)}  ${part}`);
  }
  lines.push("the functions with the most time of their own:");
  for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, topFunctions)) lines.push(`  ${share(micros)}  ${name}`);
  return lines.join("\n");
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: node scripts/summarize-cpu-profile.ts <file.cpuprofile>");
    process.exit(1);
  }
  console.log(summarize(JSON.parse(readFileSync(file, "utf8")) as Profile));
}

// The feedback wall at 100,000 posts: how long the first page and a deep page take to render
// (sequential requests, so the numbers are the server's own time plus loopback).
import { openDatabase } from "#app/lib/db/connect.server.ts";
import { changeContent } from "#app/lib/content-versions/content-versions.server.ts";

const posts = 100_000;
const samples = 200;
const firstPostAt = Date.UTC(2024, 0, 1);
/** Like the site's own ids: the creation time in hex, then 12 more hex digits. */
const idOf = (i: number) => (firstPostAt + i * 60_000).toString(16).padStart(12, "0") + i.toString(16).padStart(12, "0");

async function seed(sqlitePath: string) {
  const handle = openDatabase({ SQLITE_PATH: sqlitePath });
  try {
    for (let start = 0; start < posts; start += 1000) {
      const rows = Array.from({ length: 1000 }, (_, offset) => {
        const i = start + offset;
        return {
          id: idOf(i),
          name: `Learner ${i}`,
          comment: `Comment number ${i}: the lessons were clear and the quizzes fair. `.repeat(3),
          image: i % 3 === 0 ? `https://images.example.org/${i}.jpg` : null,
          rating: (i % 5) + 1,
          created_at: new Date(firstPostAt + i * 60_000).toISOString(),
          author_sub: null,
          author_token_hash: null,
          hidden_at: null,
          hidden_by: null,
        };
      });
      await changeContent(handle.db, "feedback", (trx) => trx.insertInto("feedback_posts").values(rows).execute());
    }
  } finally {
    await handle.close();
  }
}

async function timings(url: string, init?: RequestInit) {
  const durations: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const response = await fetch(url, init);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  const at = (q: number) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

/** Seeds the site's SQLite file (the server must have migrated it) and prints p50/p95 per page. */
export async function benchFeedbackWall(siteUrl: string, sqlitePath: string) {
  await seed(sqlitePath);
  const pages = [
    ["wall, first page (HTML)", `${siteUrl}/feedback`, undefined],
    ["wall, page 2,500 of 5,000 (HTML)", `${siteUrl}/feedback?before=${idOf(posts / 2)}`, undefined],
    ["JSON list, first 50", `${siteUrl}/feedback`, { headers: { Accept: "application/json" } }],
    ["JSON list, deep", `${siteUrl}/feedback?before=${idOf(posts / 2)}`, { headers: { Accept: "application/json" } }],
  ] as const;
  console.log(`Feedback wall with ${posts.toLocaleString("en-US")} posts (${samples} requests each, one at a time):`);
  for (const [label, url, init] of pages) {
    const { p50, p95 } = await timings(url, init);
    console.log(`  ${label.padEnd(34)} p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
  }
}

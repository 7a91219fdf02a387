// autocannon, the benchmarks' load generator, without the one cost of its own that grew with the
// pages: version 9 decodes each response body into a string, chunk by chunk, for the `expectBody`
// and `onResponse` options, which the benchmarks use neither of. Compressed bytes decode slowly as
// text: on 2026-11-27 this took 48 % of the load generator's time on the signed-in course page, on
// the two cores it shares with the site, and the site's 500-connection row went from 2,840 to
// 5,260 requests a second without it (docs/performance.md). Counting bytes and timing are untouched.
import { createRequire } from "node:module";
import autocannon from "autocannon";

const queue = createRequire(import.meta.url)("autocannon/lib/pipelinedRequestsQueue.js") as {
  prototype: { addBody?: unknown };
};
if (typeof queue.prototype.addBody !== "function") {
  throw new Error("autocannon no longer collects bodies in PipelinedRequestsQueue.addBody: see scripts/lean-autocannon.ts");
}
queue.prototype.addBody = () => {};

export default autocannon;

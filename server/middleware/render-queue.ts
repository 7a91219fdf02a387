import type { RequestHandler } from "express";

/**
 * Lets at most `concurrency` requests into the page renderer at once; the others wait their turn,
 * first come first served. Rendering is work for the processor: 500 pages rendered side by side
 * take no less time than one after another, but each holds its buffers and streams meanwhile
 * (500 at once took a worker past 850 MB) and all of them finish late. Pages kept by the page
 * cache are answered before this; so are requests that wait rather than render (`waitsRatherThanRenders`).
 */
export function queueRenders(concurrency: number, waitsRatherThanRenders: (path: string) => boolean = () => false): RequestHandler {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return (req, res, next) => {
    // A long poll holds its request for seconds doing nothing: in the queue it would hold a turn pages need.
    if (waitsRatherThanRenders(req.path)) return next();
    const start = () => {
      res.once("close", release);
      next();
    };
    if (running < concurrency) {
      running += 1;
      start();
    } else {
      waiting.push(() => {
        // A visitor who left while waiting frees the turn at once.
        if (res.destroyed) release();
        else start();
      });
    }
  };
}

import type { RequestHandler, Response } from "express";

/** A turn asked outside the middleware, for a visitor who left before it came: nothing to render, nothing gone wrong. */
export class LeftWhileWaiting extends Error {
  constructor() {
    super("the request was cut off while waiting for its turn to render");
    this.name = "LeftWhileWaiting";
  }
}

export interface RenderQueue {
  /** Lets a page request on to the renderer when its turn comes; requests that wait rather than render go at once. */
  handler: RequestHandler;
  /**
   * A turn for `res` taken outside the middleware (a kept page rendered first for a signed-in
   * person, server/page-cache/signed-in-pages.ts): resolves when it starts and is held until `res`
   * closes, as the middleware's are; the middleware then lets `res` through on it.
   */
  turn(res: Response): Promise<void>;
}

/**
 * Lets at most `concurrency` requests into the page renderer at once; the others wait their turn,
 * first come first served. Rendering is work for the processor: 500 pages rendered side by side
 * take no less time than one after another, but each holds its buffers and streams meanwhile
 * (500 at once took a worker past 850 MB) and all of them finish late. Pages kept by the page
 * cache are answered before this; so are requests that wait rather than render (`waitsRatherThanRenders`).
 */
export function queueRenders(concurrency: number, waitsRatherThanRenders: (path: string) => boolean = () => false): RenderQueue {
  let running = 0;
  const waiting: Array<() => void> = [];
  /** The responses holding a turn: one request never takes two, nor waits for a second while holding one. */
  const holdingTurn = new WeakSet<Response>();
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  /** Calls `start` once `res` has a turn (at once, or when one is given back), unless its visitor has left by then. */
  const take = (res: Response, start: () => void, left: () => void) => {
    const begin = () => {
      holdingTurn.add(res);
      res.once("close", release);
      start();
    };
    if (running < concurrency) {
      running += 1;
      begin();
    } else {
      waiting.push(() => {
        // A visitor who left while waiting frees the turn at once.
        if (res.destroyed) {
          release();
          left();
        } else begin();
      });
    }
  };
  return {
    handler: (req, res, next) => {
      // A long poll holds its request for seconds doing nothing: in the queue it would hold a turn pages need.
      if (waitsRatherThanRenders(req.path) || holdingTurn.has(res)) return next();
      take(res, next, () => {});
    },
    turn: (res) =>
      new Promise((resolve, reject) => {
        if (holdingTurn.has(res)) return resolve();
        take(res, resolve, () => reject(new LeftWhileWaiting()));
      }),
  };
}

// What a route module declares about itself, besides its code, as its `handle` export. The server
// reads these declarations from the built routes before React Router runs (server/route-declarations.ts),
// so a route that takes JSON or a large body, or may be kept for signed-out visitors, says so here,
// where it is defined. Safe in the browser: `handle` ships with the route's code.
import type { PageCacheHandle } from "../content-versions/page-cache.ts";

/** What a request to a route may carry as its body. */
export interface BodyRule {
  maxBytes: number;
  /**
   * A multipart form over `maxBytes` but within this is still read, without the files that do not
   * fit (server/middleware/oversized-form.ts), when its sender is one whose forms carry files
   * (teachers and administrators): its page answers with the form again, saying which file was too
   * large, and keeps what was typed. Beyond it, or from anyone else, the post is refused at once.
   */
  formsReadUpTo?: number;
  /**
   * How long the body may take to arrive. "whole": all of it within REQUEST_TIMEOUT_MS of its
   * headers (a form of a few KB: seconds, even from a slow phone). "steady": as long as it takes,
   * provided it never stops for REQUEST_TIMEOUT_MS (a picture of 10 MB or a video of 2 GB over a
   * slow connection takes minutes, and a total bound would refuse it on every try).
   */
  pace: "whole" | "steady";
  /** Takes `application/json` besides forms (an API of ours); the `.data` twin React Router posts forms to does too. */
  json?: true;
}

export interface RouteHandle extends Partial<PageCacheHandle> {
  /**
   * What posts to this route carry, when not a page's form of a few fields (`pageForms`). A
   * layout's rule covers the routes under it unless one declares its own.
   */
  body?: BodyRule;
  /**
   * Its GET answers after waiting for something to happen (a live room's long poll), for seconds:
   * it renders nothing, so it does not wait for, or hold, one of the render queue's turns
   * (server/middleware/render-queue.ts).
   */
  waits?: true;
}

/** Our forms are a few fields of text; nothing legitimate comes near this. The rule of every route that declares none. */
export const pageForms: BodyRule = { maxBytes: 64 * 1024, pace: "whole" };

/** A page's form, or the same fields as JSON from an API client or the browser's own scripts. */
export const pageFormsOrJson: BodyRule = { ...pageForms, json: true };

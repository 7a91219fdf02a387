import type { Request } from "express";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";

/**
 * A form's answer to the page's script (a POST to a `.data` address): an action's result, about
 * 160 bytes, streamed without a length so that the middleware's threshold cannot see its size.
 * Compressing it saved nothing, and making and ending a compressor for each took 11 % of a
 * newsletter post's time (docs/performance.md).
 */
const isAnswerToPageScript = (req: Request) => req.method === "POST" && req.path.endsWith(".data");

/**
 * Every other body not sent stored (pages rendered for one visitor, refusals), however small. Brotli's
 * window is cut from 4 MB to 256 KB (pages are far smaller): each response being compressed holds
 * one, and 500 at once took the process past 800 MB. Quality 2, not the middleware's 4: half the
 * time for a page 6% larger (a signed-in profile: 5.9 KB in 120 µs against 5.6 KB in 240 µs), on
 * pages rendered for one visitor and sent once.
 */
export const compressResponses = () =>
  compression({
    threshold: 0,
    filter: (req, res) => !isAnswerToPageScript(req as Request) && compression.filter(req, res),
    brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
  });

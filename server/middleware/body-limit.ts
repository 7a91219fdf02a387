import type { Request, RequestHandler, Response } from "express";
import type { BodyRule } from "#app/lib/http/route-handle.ts";
import { readFormWithoutLargeFiles } from "./oversized-form.ts";

declare global {
  namespace Express {
    interface Locals {
      /** The form React Router reads instead of the request's own body (server/middleware/react-router-handler.ts). */
      formRead?: Uint8Array<ArrayBuffer>;
    }
  }
}

const multipart = /^multipart\/form-data\s*;/i;

interface BodyLimitOptions {
  timeoutMs: number;
  /** Whether the sender of this request (its session) is someone whose oversized forms are worth reading. */
  readsOversizedFormsOf: (req: Request) => Promise<boolean>;
}

/**
 * How many oversized forms one process reads at once: each holds up to its path's `maxBytes`, and
 * reading one lasts as long as its sender takes to send hundreds of MB. More are refused with 503
 * rather than queued, or their browsers would wait minutes for an answer.
 */
const maxOversizedReads = 4;

/**
 * Refuses request bodies over their path's limit before anything buffers them, but for forms that
 * are read without their large files (`formsReadUpTo`). Form posts from browsers always state their
 * length; a body without one is refused.
 */
export function limitRequestBodies(
  limitFor: (path: string) => BodyRule,
  { timeoutMs, readsOversizedFormsOf }: BodyLimitOptions,
): RequestHandler {
  let oversizedReads = 0;
  return async (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const { maxBytes, formsReadUpTo = maxBytes, pace } = limitFor(req.path);
    const declared = req.headers["content-length"];
    if (declared === undefined && req.headers["transfer-encoding"] === undefined) return next(); // no body at all
    boundBodyTime(req, pace, timeoutMs);
    if (declared === undefined) {
      return refuse(req, res, 411, "Please send the form again: its length was missing.");
    }
    const length = Number(declared);
    if (length <= maxBytes) return next();
    if (length > formsReadUpTo || !multipart.test(req.headers["content-type"] ?? "") || !(await readsOversizedFormsOf(req))) {
      return refuse(req, res, 413, tooLarge(maxBytes));
    }
    if (oversizedReads >= maxOversizedReads) {
      res.setHeader("Retry-After", "60");
      return refuse(req, res, 503, busyReading);
    }
    oversizedReads++;
    const form = await readFormWithoutLargeFiles(req, maxBytes).finally(() => oversizedReads--);
    if (res.destroyed) return; // the client went away while sending
    if (!form.ok) {
      return form.problem === "unreadable"
        ? refuse(req, res, 400, "This form could not be read: it arrived incomplete or garbled. Please send it again from the page.")
        : refuse(req, res, 413, tooLarge(maxBytes));
    }
    req.headers["content-type"] = form.type;
    req.headers["content-length"] = String(form.body.length);
    res.locals.formRead = form.body;
    next();
  };
}

/** What Node answers a request that overran its time, with nothing else: the connection then closes. */
const requestTimeoutAnswer = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n";

/**
 * Closes the connection of a body that does not arrive at its path's pace (`BodyRule.pace`), with
 * a 408 when nothing was answered yet. Node's own request timeout cannot differ by path, so the
 * server's is off (server/site-process.ts) and this one takes its place; Node still bounds headers.
 * Progress is read off the socket's byte count, checked every second as Node checks its own:
 * listening to the body itself would start it flowing before its reader is there.
 */
function boundBodyTime(req: Request, pace: BodyRule["pace"], timeoutMs: number) {
  const { socket } = req;
  let bytesRead = socket.bytesRead;
  let since = Date.now();
  const check = setInterval(() => {
    if (req.complete || socket.destroyed) return clearInterval(check);
    if (pace === "steady" && socket.bytesRead !== bytesRead) {
      bytesRead = socket.bytesRead;
      since = Date.now();
    }
    if (Date.now() - since < timeoutMs) return;
    clearInterval(check);
    if (req.res?.headersSent) socket.destroy();
    else socket.end(requestTimeoutAnswer, () => socket.destroy());
  }, 1000);
  check.unref();
  req.once("end", () => clearInterval(check)).once("close", () => clearInterval(check));
}

const tooLarge = (maxBytes: number) =>
  `This form is too large to send: this page takes at most ${size(maxBytes)}. ` +
  "Go back, shorten what you typed or choose a smaller file, and send it again.";

const busyReading = "The site is busy receiving other large forms. Go back, choose a smaller file, or send it again in a minute.";

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`);

/** The rest of a refused body is read for this long at most, and while the client keeps sending. */
const lingerMs = 5_000;
const pauseMs = 300;

/**
 * Answers with `message` once the rest of the body has been read and dropped, as web servers do
 * (a "lingering close"): a server that answers and closes while the client is still writing resets
 * the connection, and the client (a browser) shows "connection reset" instead of the answer. A
 * client that sends more than a few seconds' worth gets the answer then, and the connection closes.
 */
function refuse(req: Request, res: Response, status: number, message: string) {
  return answerAfterTheBody(req, res, () => res.status(status).type("text/plain").send(message));
}

/**
 * Answers a request whose body will not be used once the client has finished sending it (or has
 * paused or lingered too long): a browser shows an answer sent while it is still sending as a
 * reset connection.
 */
export async function answerAfterTheBody(req: Request, res: Response, answer: () => void) {
  if (!req.complete) await readRestOf(req);
  if (res.destroyed) return;
  // Unless the whole body was read, the connection cannot carry another request.
  if (!req.complete) res.setHeader("Connection", "close");
  answer();
}

function readRestOf(req: Request): Promise<void> {
  return new Promise((resolve) => {
    let pause = setTimeout(done, pauseMs);
    const linger = setTimeout(done, lingerMs);
    function more() {
      clearTimeout(pause);
      pause = setTimeout(done, pauseMs);
    }
    function done() {
      clearTimeout(pause);
      clearTimeout(linger);
      req.off("data", more);
      resolve();
    }
    req.on("data", more).once("end", done).once("close", done).once("error", done).resume();
  });
}

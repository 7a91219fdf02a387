import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { requestHandlers } from "../route-pattern-matching.ts";

interface Options {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
}

/**
 * What React Router's Express adapter does (a web Request from the Express request, its answer
 * streamed back), with one difference: when the server has read a form itself
 * (`res.locals.formRead`: a staff form over its limit, read without its large files by
 * server/middleware/body-limit.ts), React Router reads that form instead of the request's stream, which is
 * spent. Why we keep our own, and what to compare on each React Router upgrade:
 * docs/decisions/007-own-request-handler.md.
 */
export function createRequestHandler({ build, mode, getLoadContext }: Options) {
  const handlerFor = requestHandlers(build, mode);
  const serve: RequestHandler = async (req, res, next) => {
    try {
      await sendResponse(res, await handlerFor(req.originalUrl)(webRequest(req, res), getLoadContext(req, res)));
    } catch (error) {
      next(error);
    }
  };
  /**
   * The page at `address` (path and query) as a signed-out visitor gets it, rendered for the sender
   * of `req` (a GET of a page): with their headers but without their cookies, and not sent.
   */
  const renderSignedOut = (address: string, req: ExpressRequest, res: ExpressResponse) =>
    handlerFor(address)(webRequest(req, res, address), getLoadContext(req, res));
  return { serve, renderSignedOut };
}

function webRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  /** Given: the request is this address's GET as a signed-out visitor would send it. */
  signedOutAt: string | undefined = undefined,
): Request {
  // The port as the adapter finds it: a trusted proxy's X-Forwarded-Host, else Host.
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find(Number.isSafeInteger);
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  const url = new URL(`${req.protocol}://${host}${signedOutAt ?? req.originalUrl}`);

  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (signedOutAt && name === "cookie") continue;
    for (const value of Array.isArray(values) ? values : values ? [values] : []) headers.append(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: signedOutAt ? "GET" : req.method, headers, signal: controller.signal };
  if (!signedOutAt && req.method !== "GET" && req.method !== "HEAD") {
    init.body = res.locals.formRead ?? createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

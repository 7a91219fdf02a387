import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { servicesContext } from "./context.ts";
import { sentryBootstrap } from "./features/error-reporting/sentry-script.server.ts";
import { deferHydrationScripts } from "./lib/http/defer-hydration.server.ts";
import { SlotRecorder } from "./lib/personal/personal-slot.tsx";
import { recordSlotsFor } from "./lib/personal/slot-records.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, logger, config, http } = loadContext.get(servicesContext);
  // The page cache fills a kept page's slots in for signed-in people (server/page-cache/).
  const slots = recordSlotsFor(http.res);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const page = (
      <SlotRecorder value={slots}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </SlotRecorder>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      ...sentryBootstrap(config),
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(
          new Response(createReadableStreamFromReadable(body.pipe(deferHydrationScripts())), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Shell errors are rejected above and reach handleError below.
        if (shellRendered) logger.error({ err: error }, "error while streaming a page");
      },
    });
  });
}

/** Errors of loaders, actions and rendering: one JSON log line with the request id, not a console trace. */
export function handleError(error: unknown, { request, context }: { request: Request; context: RouterContextProvider }) {
  if (request.signal.aborted) return; // the visitor went away; nothing failed
  const { logger } = context.get(servicesContext);
  // The path only: query strings carry authorization codes and tokens (/signin/callback).
  const details = { err: error, method: request.method, path: new URL(request.url).pathname };
  // A refused request (405, cross-site action, …) is the client's mistake, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) logger.info(details, "request refused");
  else logger.error(details, "request failed");
}

// Loaded on every page (app/entry.client.tsx), where every byte counts: no zod, no scrubbing,
// no cutting of long texts here. Reports go to our own server, over the connection the page
// came from; it cuts and scrubs them before they reach the log (receive.server.ts).
import type { ClientOnErrorFunction } from "react-router";
import { REPORTS_PATH, REPORTS_PER_PAGE } from "./limits.ts";
import type { BrowserErrorKind } from "./types.ts";

/** The messages this page load has reported: each error goes once, and at most REPORTS_PER_PAGE go in all. */
const reported = new Set<string>();

/**
 * Sends one error of this page to POST /errors: each error once, at most REPORTS_PER_PAGE a
 * page load, so a failing loop cannot flood the server. The page goes as its path, without
 * query string or fragment (sign-in comes back with ?code=… in it), and no cookie goes along.
 */
function report(kind: BrowserErrorKind, error: unknown, componentStack?: string | null) {
  // An Error without a message says at least "Error"; anything else thrown is shown as text.
  const message = String((error as Error | undefined)?.message || error);
  if (reported.size >= REPORTS_PER_PAGE || reported.has(message)) return;
  reported.add(message);
  fetch(REPORTS_PATH, {
    method: "POST",
    // Still sent when the error made the person leave the page.
    keepalive: true,
    // No cookie: the server needs no session to log an error.
    credentials: "omit",
    // A typed Blob sets the Content-Type header itself.
    body: new Blob(
      [JSON.stringify({ kind, message, stack: (error as Error | undefined)?.stack, componentStack, path: location.pathname })],
      {
        type: "application/json",
      },
    ),
  }).catch(() => {
    // A report that cannot be sent is not reported in turn.
  });
}

/** Errors no code caught: thrown in an event handler or a timer (error), or a promise nobody awaited (unhandledrejection). */
export function listenForBrowserErrors() {
  for (const kind of ["error", "unhandledrejection"] as const) {
    addEventListener(kind, (event) => {
      const { reason, error, message } = event as Partial<PromiseRejectionEvent & ErrorEvent>;
      report(kind, reason ?? error ?? message);
    });
  }
}

/**
 * React Router's `onError` (app/entry.client.tsx). Render errors only: those an error boundary
 * caught (the page shows its error screen) never reach the window's error event, so they are
 * reported here. A loader's or action's error happened on the server, which logged it.
 */
export const reportRenderError: ClientOnErrorFunction = (error, { errorInfo }) => {
  if (!errorInfo) return;
  report("boundary", error, errorInfo.componentStack);
  // Then handed to the window's error event, where Sentry's script listens when it is on the
  // page; our own listener there finds the message already reported.
  reportError(error);
};

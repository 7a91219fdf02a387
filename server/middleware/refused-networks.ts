import type { RequestHandler } from "express";
import { networkRefusal } from "#app/lib/http/too-many-requests.ts";

/** Addresses remembered at most; past it the oldest go first (the database's counters still refuse them). */
const maxRemembered = 10_000;

/** The page a form's address names, as routes match it: any letter case, no trailing slash, no `.data`. */
const pageOf = (path: string) =>
  path
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/(.)\/+$/, "$1");

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

function refusalPage(message: string, retryAfterSeconds: number, back: string, stylesheets: readonly string[]): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = minutes === 1 ? "a minute" : `${minutes} minutes`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Please wait | eLEARNING</title>${stylesheets
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join(
      "",
    )}</head><body><main id="main" class="mx-auto max-w-2xl px-4 py-16"><h1 class="text-3xl font-bold">Please wait a moment</h1><p class="mt-4">${escapeHtml(
    message,
  )}</p><p class="mt-2">You can send the form again in ${wait}.</p><p class="mt-6"><a class="btn-primary" href="${escapeHtml(back)}">Back to the page</a></p></main></body></html>`;
}

/**
 * After a page's action refused a client address for the rest of its limit's window
 * (tooManyFromNetwork), that address's next posts to the page are refused here, before a session
 * is read, a counter written or a page rendered: a flood from one network costs what a small
 * static answer costs. Posts from React Router's client (`.data`) still reach the action, which
 * answers in the form the page's script reads. Per process: another worker learns on its own.
 */
export function refuseRememberedNetworks({ stylesheets }: { stylesheets: readonly string[] }): RequestHandler {
  const refusedUntil = new Map<string, { until: number; message: string }>();
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const page = pageOf(req.path);
    const key = `${req.ip} ${page}`;
    const refusal = refusedUntil.get(key);
    if (refusal) {
      const secondsLeft = Math.ceil((refusal.until - Date.now()) / 1000);
      if (secondsLeft <= 0) refusedUntil.delete(key);
      else if (!req.path.endsWith(".data")) {
        // no-transform: sent as is. A compressor per answer held 0.6 MB each, and a flood from
        // 500 connections took a worker past 400 MB to save a kilobyte a refusal.
        res
          .status(429)
          .set({ "Retry-After": String(secondsLeft), "Cache-Control": "no-store, no-transform" })
          .type("html")
          .send(refusalPage(refusal.message, secondsLeft, page, stylesheets));
        return;
      }
    }
    res.once("finish", () => {
      const refused = networkRefusal(res);
      if (res.statusCode !== 429 || !refused) return;
      refusedUntil.delete(key);
      refusedUntil.set(key, { until: Date.now() + refused.retryAfterSeconds * 1000, message: refused.message });
      if (refusedUntil.size > maxRemembered) refusedUntil.delete(refusedUntil.keys().next().value!);
    });
    next();
  };
}

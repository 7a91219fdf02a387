import type { MiddlewareFunction } from "react-router";

const formType = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * Refuses a form body that cannot be read (multipart without its boundary, or cut short)
 * before any action calls `request.formData()`, which would throw and answer 500 as if the
 * fault were ours. Here in the root route, so it covers every action, resource routes too.
 * Other body types never get here: server/page-requests.ts refuses them first.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }) => {
  if (request.method === "GET" || request.method === "HEAD") return;
  if (!formType.test(request.headers.get("Content-Type") ?? "")) return;
  try {
    // A copy is read; the action still reads the body itself. Bodies are at most 64 KB (server/app.ts).
    await request.clone().formData();
  } catch {
    return new Response("This form could not be read: it arrived incomplete or garbled. Please send it again from the page.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
};

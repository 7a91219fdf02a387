import type { MiddlewareFunction } from "react-router";
import { isStorableText } from "#app/lib/text/text.ts";

const formType = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * Refuses a form body that cannot be read (multipart without its boundary, or cut short)
 * before any action calls `request.formData()`, which would throw and answer 500 as if the
 * fault were ours. Here in the root route, so it covers every action, resource routes too.
 * Other body types never get here (server/middleware/page-requests.ts refuses them first), but for JSON
 * to the few paths that take it (`json` in server/path-rules.ts), whose routes read it themselves.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }) => {
  if (request.method === "GET" || request.method === "HEAD") return;
  if (!formType.test(request.headers.get("Content-Type") ?? "")) return;
  let form: FormData;
  try {
    // A copy is read; the action still reads the body itself. Bodies are at most 64 KB, 11 MB for the
    // staff forms (server/path-rules.ts).
    form = await request.clone().formData();
  } catch {
    return refuse("This form could not be read: it arrived incomplete or garbled. Please send it again from the page.");
  }
  // PostgreSQL cannot store a NUL character in text (the query fails); no one types one. Before any
  // action runs, so that none needs to check each field for it.
  for (const [name, value] of form) {
    if (!isStorableText(name) || (typeof value === "string" && !isStorableText(value))) {
      return refuse("This form contains a character that cannot be stored (a NUL character). Please type the text again.");
    }
  }
};

const refuse = (message: string) => new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });

import type { BrowserOptions } from "@sentry/browser";

/**
 * What Sentry's SDKs gather on their own, on the server and in the browser: nothing personal.
 * No user, cookies, headers but the browser's name (User-Agent), query strings or bodies; no
 * values of variables or database queries. Events are scrubbed on top of this (scrub.ts), in case something slips in elsewhere.
 */
export const noPersonalData: NonNullable<BrowserOptions["dataCollection"]> = {
  userInfo: false,
  cookies: false,
  httpHeaders: { request: { allow: ["user-agent"] }, response: false },
  httpBodies: [],
  urlQueryParams: false,
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
  genAI: { inputs: false, outputs: false },
  mcp: { inputs: false, outputs: false },
  graphQL: { document: false, variables: false },
};

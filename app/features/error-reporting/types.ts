/** What a browser error report says happened (see browser-reporter.ts). */
export type BrowserErrorKind = "error" | "unhandledrejection" | "boundary";

/** What Sentry's SDKs are started with, on the server and in the browser. */
export interface SentrySettings {
  dsn: string;
  environment: string;
  release?: string;
}

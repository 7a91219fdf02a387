// Sentry's browser SDK, as a script of its own that the server adds to pages only when
// SENTRY_DSN is set (sentry-script.server.ts), with its settings just before it.
import { init } from "@sentry/browser";
import { noPersonalData } from "./data-collection.ts";
import { REPORTS_PER_PAGE } from "./limits.ts";
import { scrubEvent } from "./scrub.ts";
import type { SentrySettings } from "./types.ts";

declare global {
  var sentrySettings: SentrySettings | undefined;
}

const settings = globalThis.sentrySettings;
if (settings) {
  let sent = 0;
  init({
    ...settings,
    dataCollection: noPersonalData,
    sendClientReports: false,
    // No session tracking ("release health"): opening a page is no error, and says who came when.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== "BrowserSession"),
    // As many a page load as our own reporter sends, scrubbed as our log lines are.
    beforeSend: (event) => (sent++ < REPORTS_PER_PAGE ? scrubEvent(event) : null),
  });
  // Lets end-to-end tests (and anyone looking at the page) see that Sentry is listening.
  document.documentElement.dataset.sentry = "ready";
}

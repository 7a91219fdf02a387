import type { Config } from "#app/lib/config/env.server.ts";
import { serverSentrySettings } from "./sentry-settings.server.ts";
import { noPersonalData } from "./data-collection.ts";
import { scrubEvent } from "./scrub.ts";

export interface ServerErrorReporting {
  /** Sends what is queued (two seconds at most) and stops. */
  close(): Promise<void>;
}

/**
 * Reports server errors to Sentry when SENTRY_DSN is set: every `error` or `fatal` line of
 * our log that carries an error (`err`) becomes one event, the line's other fields (requestId,
 * method, path) with it; crashes and unhandled rejections too. No performance tracing, no
 * sessions, no personal data (scrub.ts). The SDK is loaded only then: a default install never runs it.
 */
export async function startServerErrorReporting(config: Config): Promise<ServerErrorReporting | undefined> {
  const settings = serverSentrySettings(config);
  if (!settings) return undefined;
  const Sentry = await import("@sentry/node");
  Sentry.init({
    ...settings,
    dataCollection: noPersonalData,
    sendClientReports: false,
    integrations: (defaults) => [
      ...defaults.filter((integration) => integration.name !== "ProcessSession"),
      // Through pino's diagnostics channel: the log stays the one place errors are written.
      Sentry.pinoIntegration({ log: { levels: [] }, error: { levels: ["error", "fatal"] } }),
      // Sent, then the process ends, as it does without Sentry (its default would only warn and go on).
      Sentry.onUnhandledRejectionIntegration({ mode: "strict" }),
    ],
    beforeSend(event, hint) {
      // An error line without an error, like the access-log line of a 500 whose error was already sent.
      if (event.logger === "pino" && !(hint.originalException instanceof Error)) return null;
      return scrubEvent(event);
    },
  });
  return {
    async close() {
      await Sentry.close(2000);
    },
  };
}

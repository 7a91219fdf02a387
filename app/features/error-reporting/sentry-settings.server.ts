import type { Config } from "#app/lib/config/env.server.ts";
import type { SentrySettings } from "./types.ts";

/**
 * The release reports name: SENTRY_RELEASE, or this build (React Router's build version,
 * which changes with every build and is the same on every instance running it).
 */
export function withSentryRelease(config: Config, buildVersion: string): Config {
  if (!config.SENTRY_DSN || config.SENTRY_RELEASE) return config;
  return { ...config, SENTRY_RELEASE: `college-elearning@${buildVersion}` };
}

/** Sentry's settings for the server, when SENTRY_DSN is set. */
export function serverSentrySettings(config: Config): SentrySettings | null {
  if (!config.SENTRY_DSN) return null;
  return { dsn: config.SENTRY_DSN, environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV, release: config.SENTRY_RELEASE };
}

/** What a page needs to load Sentry's browser SDK: the DSN's public key, never an old-style secret one. */
export function browserSentrySettings(config: Config): SentrySettings | null {
  const settings = serverSentrySettings(config);
  if (!settings) return null;
  const dsn = new URL(settings.dsn);
  dsn.password = "";
  return { ...settings, dsn: dsn.href };
}

/** The origin Sentry's browser SDK posts its envelopes to, for the Content Security Policy. */
export function sentryOrigin(config: Config): string | undefined {
  return config.SENTRY_DSN && new URL(config.SENTRY_DSN).origin;
}

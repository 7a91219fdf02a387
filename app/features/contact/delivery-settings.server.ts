import type { Config } from "#app/lib/config/env.server.ts";

/** How accepted contact messages leave the site: by mail, to a form service, or not at all (kept for staff). */
export type ContactDelivery =
  { kind: "smtp"; url: string; to: string } | { kind: "form-service"; url: string; accessKey: string } | { kind: "none" };

export function contactDelivery(config: Config): ContactDelivery {
  if (config.SMTP_URL && config.CONTACT_TO) return { kind: "smtp", url: config.SMTP_URL, to: config.CONTACT_TO };
  if (config.CONTACT_FORWARD_URL && config.CONTACT_ACCESS_KEY) {
    return { kind: "form-service", url: config.CONTACT_FORWARD_URL, accessKey: config.CONTACT_ACCESS_KEY };
  }
  return { kind: "none" };
}

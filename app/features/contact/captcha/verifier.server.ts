import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "#app/lib/db/schema.ts";
import type { Config } from "#app/lib/env.server.ts";
import { altchaVerifier } from "./altcha.server.ts";
import { hcaptchaVerifier } from "./hcaptcha.server.ts";
import { ALTCHA_CHALLENGE_PATH, type CaptchaRefusal, type CaptchaSettings } from "./settings.ts";

export type CaptchaCheck =
  | {
      ok: true;
      /**
       * Set when the provider does not refuse a second use itself: the caller records the key,
       * in the transaction that stores what the check protects, and refuses the post if the key
       * was recorded before. Kept until `expiresAt`, when the answer expires anyway.
       */
      singleUse?: { key: string; expiresAt: string };
    }
  | { ok: false; reason: CaptchaRefusal };

/** One captcha provider, as the contact form's action sees it. */
export interface CaptchaVerifier {
  /** Whether the post carries an answer at all (checked before anything is spent). */
  hasAnswer(formData: FormData): boolean;
  verify(formData: FormData, clientAddress: string): Promise<CaptchaCheck>;
}

const hcaptchaKeys = (config: Config) =>
  config.HCAPTCHA_SITEKEY && config.HCAPTCHA_SECRET ? { siteKey: config.HCAPTCHA_SITEKEY, secret: config.HCAPTCHA_SECRET } : null;

/** hCaptcha when its keys are configured, else the self-hosted ALTCHA. */
export function contactCaptcha(config: Config, db: Kysely<Database>, logger: Logger): CaptchaVerifier {
  const hcaptcha = hcaptchaKeys(config);
  return hcaptcha ? hcaptchaVerifier(hcaptcha, undefined, logger) : altchaVerifier(db);
}

/** What the page needs to show the configured captcha. */
export function captchaSettings(config: Config): CaptchaSettings {
  const hcaptcha = hcaptchaKeys(config);
  return hcaptcha ? { kind: "hcaptcha", siteKey: hcaptcha.siteKey } : { kind: "altcha", challengeUrl: ALTCHA_CHALLENGE_PATH };
}

/** The origins hCaptcha's widget loads from, for the Content Security Policy; none when it is not configured. */
export function captchaOrigins(config: Config): string[] {
  return hcaptchaKeys(config) ? ["https://hcaptcha.com", "https://*.hcaptcha.com"] : [];
}

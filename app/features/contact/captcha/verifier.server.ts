import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "#app/lib/db/schema.ts";
import type { Config } from "#app/lib/config/env.server.ts";
import { altchaVerifier } from "./altcha.server.ts";
import { hcaptchaVerifier } from "./hcaptcha.server.ts";
import { ALTCHA_CHALLENGE_PATH, type CaptchaSettings } from "./settings.ts";
import type { CaptchaVerifier } from "./verifier-types.ts";

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

import type { Logger } from "pino";
import { HCAPTCHA_FIELD, type CaptchaRefusal } from "./settings.ts";
import type { CaptchaCheck, CaptchaVerifier } from "./verifier-types.ts";

export const HCAPTCHA_VERIFY_URL = "https://api.hcaptcha.com/siteverify";
const timeoutMs = 5000;

interface SiteverifyAnswer {
  success?: boolean;
  "error-codes"?: string[];
}

/** hCaptcha's error codes that are about the person's answer; the others are about our keys. */
const answerErrors: Record<string, CaptchaRefusal> = {
  "missing-input-response": "missing",
  "invalid-input-response": "invalid",
  "invalid-or-already-seen-response": "invalid",
  "already-seen-response": "replayed",
  "expired-input-response": "expired",
};

/**
 * Checks answers with hCaptcha's siteverify. `verifyUrl` exists for tests, which stand in for
 * hCaptcha on this machine; the site never sets it. hCaptcha refuses an answer used twice itself.
 */
export function hcaptchaVerifier(
  { secret, siteKey }: { secret: string; siteKey: string },
  verifyUrl: string = HCAPTCHA_VERIFY_URL,
  logger?: Pick<Logger, "warn">,
): CaptchaVerifier {
  const answerOf = (formData: FormData) => {
    const value = formData.get(HCAPTCHA_FIELD);
    return typeof value === "string" && value.trim() ? value.trim() : null;
  };
  return {
    hasAnswer: (formData) => answerOf(formData) !== null,
    async verify(formData, clientAddress): Promise<CaptchaCheck> {
      const response = answerOf(formData);
      if (!response) return { ok: false, reason: "missing" };
      const body = new URLSearchParams({ secret, response, sitekey: siteKey });
      if (clientAddress && clientAddress !== "unknown") body.set("remoteip", clientAddress);
      let answer: SiteverifyAnswer;
      try {
        const reply = await fetch(verifyUrl, { method: "POST", body, signal: AbortSignal.timeout(timeoutMs) });
        if (!reply.ok) throw new Error(`siteverify answered ${reply.status}`);
        answer = (await reply.json()) as SiteverifyAnswer;
      } catch (err) {
        logger?.warn({ err }, "hCaptcha could not be reached");
        return { ok: false, reason: "unavailable" };
      }
      if (answer.success === true) return { ok: true };
      const codes = Array.isArray(answer["error-codes"]) ? answer["error-codes"] : [];
      if (codes.length === 0) return { ok: false, reason: "invalid" };
      const reason = codes.map((code) => answerErrors[code]).find(Boolean);
      if (reason) return { ok: false, reason };
      // A wrong secret or site key: the site's fault, not the person's.
      logger?.warn({ errorCodes: codes }, "hCaptcha refused the site's verification request");
      return { ok: false, reason: "unavailable" };
    },
  };
}

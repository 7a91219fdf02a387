// What a captcha verifier answers, whichever captcha it checks.
import type { CaptchaRefusal } from "./settings.ts";

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

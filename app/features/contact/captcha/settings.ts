// Shared by the server (which decides) and the page (which shows the widget): no secrets here.

/** Which captcha the page shows. The site key of hCaptcha is public by design. */
export type CaptchaSettings = { kind: "altcha"; challengeUrl: string } | { kind: "hcaptcha"; siteKey: string };

/** Where the ALTCHA widget fetches a fresh challenge. */
export const ALTCHA_CHALLENGE_PATH = "/contact/captcha-challenge";

/** The form fields the widgets fill in: ALTCHA's hidden input, hCaptcha's textarea. */
export const ALTCHA_FIELD = "altcha";
export const HCAPTCHA_FIELD = "h-captcha-response";

/** Why a captcha answer was refused. */
export type CaptchaRefusal = "missing" | "invalid" | "expired" | "replayed" | "unavailable";

export const captchaRefusalMessages: Record<CaptchaRefusal, string> = {
  missing: "Please complete the captcha check.",
  invalid: "The captcha check could not be confirmed. Please do it again.",
  expired: "The captcha check has expired. Please do it again.",
  replayed: "This captcha check was already used. Please do it again.",
  unavailable: "The captcha check could not be confirmed just now. Please try again in a minute, or phone or email us.",
};

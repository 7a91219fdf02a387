/**
 * The captcha widget's states (the spec's: loading, rendered, verified, expired, error; removed is
 * the widget leaving with the page), and how each is said to the person.
 */
export type CaptchaState = "loading" | "rendered" | "verifying" | "verified" | "expired" | "error" | "load-failed";

export const captchaStateText: Record<CaptchaState, string> = {
  loading: "Loading the check that you are a person…",
  rendered: "Tick the box to show you are a person.",
  verifying: "Checking that you are a person…",
  verified: "Verified",
  expired: "The check expired, please try again",
  error: "The check could not load, please try again",
  "load-failed": "The captcha could not be loaded. Please try again later, or phone or email us.",
};

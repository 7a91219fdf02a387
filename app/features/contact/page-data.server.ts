import type { Config } from "../../lib/env.server.ts";
import { captchaSettings } from "./captcha/verifier.server.ts";

/** What the contact page shows besides its content: whether a message was just sent, and which captcha. */
export function contactPageData(url: URL, config: Config) {
  return { sent: url.searchParams.has("sent"), captcha: captchaSettings(config) };
}

import { data } from "react-router";
import type { RequestServices } from "#app/context.ts";
import { createAltchaChallenge } from "./altcha.server.ts";
import { captchaSettings } from "./verifier.server.ts";

/** A fresh ALTCHA challenge for the widget; none when the site uses hCaptcha. */
export async function altchaChallengeResponse({ db, config }: RequestServices) {
  if (captchaSettings(config).kind !== "altcha") throw data("The site does not use this captcha.", { status: 404 });
  // Every challenge is single-use: no cache may hand one out twice.
  return Response.json(await createAltchaChallenge(db), { headers: { "Cache-Control": "no-store" } });
}

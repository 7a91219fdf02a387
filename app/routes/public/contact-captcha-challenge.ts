import { servicesContext } from "#app/context.ts";
import { altchaChallengeResponse } from "#app/features/contact/captcha/challenge.server.ts";
import type { Route } from "./+types/contact-captcha-challenge";

export function loader({ context }: Route.LoaderArgs) {
  return altchaChallengeResponse(context.get(servicesContext));
}

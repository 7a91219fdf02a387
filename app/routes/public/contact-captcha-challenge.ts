import { servicesContext } from "../../context.ts";
import { altchaChallengeResponse } from "../../features/contact/captcha/challenge.server.ts";
import type { Route } from "./+types/contact-captcha-challenge";

export function loader({ context }: Route.LoaderArgs) {
  return altchaChallengeResponse(context.get(servicesContext));
}

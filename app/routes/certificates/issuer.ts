import { servicesContext } from "#app/context.ts";
import { issuerProfileResponse } from "#app/features/certificates/verification.server.ts";
import type { Route } from "./+types/issuer";

/** /credentials/issuer.json: who signs the certificates' Open Badges, and with which key. */
export function loader({ context }: Route.LoaderArgs) {
  return issuerProfileResponse(context.get(servicesContext));
}

import { servicesContext } from "#app/context.ts";
import { requireUser } from "#app/features/auth/index.server.ts";
import { openBadgeResponse } from "#app/features/certificates/verification.server.ts";
import type { Route } from "./+types/open-badge";

/** /certificates/<id>/open-badge.json: the certificate as a signed Open Badges 3.0 credential, for its holder. */
export function loader({ params, url, context }: Route.LoaderArgs) {
  const { user } = requireUser(context, url.pathname);
  return openBadgeResponse(context.get(servicesContext), user, params.id);
}

import { redirect, redirectDocument } from "react-router";
import { servicesContext } from "#app/context.ts";
import { endSession } from "#app/features/auth/index.server.ts";
import { signedOutPath } from "#app/features/auth/sign-in-link.ts";
import type { Route } from "./+types/logout";

/**
 * Ends the site's session, then the provider's, which returns to the signed-out page. Without a
 * session here the browser goes to the provider all the same (a page left open may outlive the
 * site's session); with no ID token to show, the provider asks before ending its own.
 */
export async function action({ context }: Route.ActionArgs) {
  const { relyingParty, logger } = context.get(servicesContext);
  const { setCookie, idToken } = await endSession(context);
  const headers = { "Set-Cookie": setCookie };
  try {
    const url = await relyingParty.endSessionUrl(idToken);
    return redirectDocument(url.href, { headers });
  } catch (err) {
    logger.warn({ err }, "provider sign-out unavailable; signed out of the site only");
    return redirectDocument(signedOutPath, { headers });
  }
}

export function loader() {
  return redirect("/");
}

import { redirect, redirectDocument } from "react-router";
import { servicesContext } from "#app/context.ts";
import { endSession, getUser } from "#app/features/auth/index.server.ts";
import type { Route } from "./+types/logout";

/** Ends the site's session, then the provider's, which returns to the home page. */
export async function action({ context }: Route.ActionArgs) {
  const { relyingParty, logger } = context.get(servicesContext);
  const signedIn = getUser(context) !== null;
  const headers = { "Set-Cookie": await endSession(context) };
  if (!signedIn) return redirectDocument("/", { headers });
  try {
    const url = await relyingParty.endSessionUrl();
    return redirectDocument(url.href, { headers });
  } catch (err) {
    logger.warn({ err }, "provider sign-out unavailable; signed out of the site only");
    return redirectDocument("/", { headers });
  }
}

export function loader() {
  return redirect("/");
}

import { redirect, redirectDocument } from "react-router";
import { servicesContext, userContext } from "../../context.ts";
import { deleteSession, sessionCookie } from "../../lib/session.server.ts";
import type { Route } from "./+types/logout";

/** Ends the site's session, then the provider's, which returns to the home page. */
export async function action({ context }: Route.ActionArgs) {
  const { db, relyingParty, logger, secureCookies } = context.get(servicesContext);
  const signedIn = context.get(userContext);
  const headers = { "Set-Cookie": sessionCookie.clear(secureCookies) };
  if (!signedIn) return redirectDocument("/", { headers });
  await deleteSession(db, signedIn.session.id_hash);
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

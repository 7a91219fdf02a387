import type Provider from "oidc-provider";
import type { KoaContextWithOIDC } from "oidc-provider";

type Session = NonNullable<KoaContextWithOIDC["oidc"]["session"]>;

/** The provider's session cookie (oidc-provider's `cookies.long`), set by it and cleared here alike. */
export const providerSessionCookie = { httpOnly: true, sameSite: "lax" } as const;

/**
 * The site's own Log out ends the provider's session at once, without the "Sign out?" page, so
 * that on a shared computer the next person pressing Join Now is asked for a password, with or
 * without JavaScript.
 *
 * oidc-provider answers its end-session endpoint with a page whose form (carrying an xsrf token)
 * must be posted back: that is what keeps other sites from signing people out. Our Log out is a
 * POST that server/middleware/cross-site.ts has already checked; it redirects here with the ending session's
 * ID token (`id_token_hint`) and the site's signed-out page. This middleware runs after the
 * endpoint has checked both (signature, audience, registered address) and, when the request is
 * that redirect, does what the confirmation would have done, then goes to the signed-out page:
 * - the ID token names the person signed in here (another account's token proves nothing), and
 * - the browser says the navigation came from this origin (`Sec-Fetch-Site: same-origin`: a
 *   chain started by another site, or a typed address, is not). A browser that does not say
 *   so gets the confirmation page.
 * With nobody signed in at the provider there is nothing to confirm, so that goes straight on too.
 */
export function endOwnSignOutAtOnce(provider: Provider) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    if (ctx.oidc?.route !== "end_session" || ctx.status !== 200) return;
    const { session, params, entities } = ctx.oidc;
    // Checked by the endpoint against the client's registered addresses; dropped when it had no client.
    const returnTo = params?.post_logout_redirect_uri;
    if (!session || !params || typeof returnTo !== "string") return;
    if (session.accountId && !fromOwnLogOut(ctx, session.accountId, entities.IdTokenHint?.payload.sub)) return;

    await endProviderSession(provider, ctx, session);
    const url = new URL(returnTo);
    if (typeof params.state === "string") url.searchParams.set("state", params.state);
    ctx.status = 303;
    ctx.redirect(url.href);
  };
}

function fromOwnLogOut(ctx: KoaContextWithOIDC, accountId: string, hintSubject: unknown) {
  return hintSubject === accountId && ctx.get("sec-fetch-site") === "same-origin";
}

/** What oidc-provider's own confirmation does: the grants and their tokens revoked, the session and its cookie gone. */
async function endProviderSession(provider: Provider, ctx: KoaContextWithOIDC, session: Session) {
  for (const [clientId, { grantId }] of Object.entries(session.authorizations ?? {})) {
    if (!grantId || session.authorizationFor(clientId).persistsLogout) continue;
    await Promise.all(
      [provider.AccessToken, provider.RefreshToken, provider.AuthorizationCode].map((model) => model.revokeByGrantId(grantId)),
    );
    await provider.Grant.adapter.destroy(grantId);
  }
  await session.destroy();
  // The endpoint has just set the cookie for the session it saved: replace that header, do not add to it.
  ctx.cookies.set(provider.cookieName("session"), null, { ...providerSessionCookie, overwrite: true });
  provider.emit("end_session.success", ctx);
}

import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { siteOrigin, type Config } from "#app/lib/config/env.server.ts";
import { createBuiltInProvider, SITE_CLIENT_ID } from "#app/features/accounts/index.server.ts";
import { createRelyingParty } from "./relying-party.server.ts";
import { signedOutPath } from "./sign-in-link.ts";
import type { RoleSources } from "./roles.server.ts";

/**
 * The built-in provider at /idp unless OIDC_ISSUER names an external one; in
 * both cases the site signs people in through the same relying-party code.
 */
export async function setUpSignIn(db: Kysely<Database>, config: Config) {
  const origin = siteOrigin(config);
  const common = {
    redirectUri: `${origin}/signin/callback`,
    postLogoutRedirectUri: `${origin}${signedOutPath}`,
    // offline_access asks for a refresh token, so the site can renew access tokens.
    scope: config.OIDC_REFRESH_TOKENS ? "openid profile email offline_access" : "openid profile email",
  };
  if (config.OIDC_ISSUER) {
    const roleSources: RoleSources = {
      adminEmails: config.ADMIN_EMAILS,
      roleClaim: config.OIDC_ROLE_CLAIM,
      // Anyone can put any address into an account at some providers; only a verified one names its owner.
      emailTrusted: (claims) => claims.email_verified === true,
    };
    return {
      identityProvider: undefined,
      identityProviderHandler: undefined,
      roleSources,
      relyingParty: createRelyingParty({
        ...common,
        issuer: config.OIDC_ISSUER,
        clientId: config.OIDC_CLIENT_ID!,
        clientSecret: config.OIDC_CLIENT_SECRET,
        audience: config.OIDC_AUDIENCE,
        organization: config.OIDC_ORGANIZATION,
        overrides: {
          authorizationEndpoint: config.OIDC_AUTHORIZATION_ENDPOINT,
          tokenEndpoint: config.OIDC_TOKEN_ENDPOINT,
          logoutUrl: config.OIDC_LOGOUT_URL,
        },
      }),
    };
  }
  const builtIn = await createBuiltInProvider({
    db,
    siteOrigin: origin,
    redirectUri: common.redirectUri,
    postLogoutRedirectUri: common.postLogoutRedirectUri,
    refreshTokens: config.OIDC_REFRESH_TOKENS,
  });
  const roleSources: RoleSources = {
    adminEmails: config.ADMIN_EMAILS,
    // Our own accounts: one per address, and the provider is this very server.
    emailTrusted: () => true,
  };
  return {
    identityProvider: builtIn.provider,
    identityProviderHandler: builtIn.handler,
    roleSources,
    relyingParty: createRelyingParty({
      ...common,
      issuer: `${origin}/idp`,
      clientId: SITE_CLIENT_ID,
      clientSecret: builtIn.clientSecret,
    }),
  };
}

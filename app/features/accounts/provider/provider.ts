import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener } from "node:http";
import type { Kysely } from "kysely";
import Provider, { type Configuration } from "oidc-provider";
import { findAccountById } from "#app/features/accounts/queries.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { getOrCreateSecret } from "#app/lib/config/secrets.server.ts";
import { databaseAdapter } from "./adapter.ts";
import { providerPage } from "./pages.ts";
import { endOwnSignOutAtOnce, providerSessionCookie } from "./sign-out.ts";

/** The site itself, as the built-in provider's one client. */
export const SITE_CLIENT_ID = "elearning-site";

function newSigningKey() {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return JSON.stringify({ ...privateKey.export({ format: "jwk" }), kid: randomUUID(), alg: "RS256", use: "sig" });
}

/**
 * The built-in OpenID provider at /idp: accounts are ours, its state and keys
 * live in our database, its login page is the site's (/signin/interaction/:uid).
 */
export async function createBuiltInProvider({
  db,
  siteOrigin,
  redirectUri,
  postLogoutRedirectUri,
  refreshTokens,
}: {
  db: Kysely<Database>;
  siteOrigin: string;
  /** The site's callback and where sign-out returns: the relying party's own settings. */
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** Whether the site may renew access tokens (OIDC_REFRESH_TOKENS). */
  refreshTokens: boolean;
}): Promise<{ provider: Provider; handler: RequestListener; clientSecret: string }> {
  const signingKey = JSON.parse(await getOrCreateSecret(db, "idp.signing-key", newSigningKey));
  const cookieKey = await getOrCreateSecret(db, "idp.cookie-key", () => randomBytes(32).toString("base64url"));
  const clientSecret = await getOrCreateSecret(db, "idp.site-client-secret", () => randomBytes(32).toString("base64url"));

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: SITE_CLIENT_ID,
        client_secret: clientSecret,
        client_name: "eLEARNING",
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [postLogoutRedirectUri],
        grant_types: refreshTokens ? ["authorization_code", "refresh_token"] : ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
        id_token_signed_response_alg: "RS256",
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [cookieKey], long: providerSessionCookie },
    claims: { openid: ["sub"], profile: ["name", "picture"], email: ["email", "email_verified"] },
    // Put the profile claims in the ID token too: the site reads them there.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = await findAccountById(db, sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, name: account.name, email: account.email, email_verified: false }),
      };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // The site's own Log out never sees this page (sign-out.ts ends the session at once).
        // Reached any other way (a link or page on another site, a typed address), it waits for
        // the person to press Sign out: no one else can sign them out.
        async logoutSource(ctx, form) {
          ctx.set("Cache-Control", "no-store");
          ctx.body = providerPage({
            title: "Sign out?",
            body: `${form}<p>Do you want to sign out of eLEARNING?</p>
              <button type="submit" form="op.logoutForm" name="logout" value="yes" class="button">Sign out</button>
              <a href="/">Stay signed in</a>`,
          });
        },
        // Signed out without an address to return to: the site's own signed-out page all the same.
        async postLogoutSuccessSource(ctx) {
          ctx.status = 303;
          ctx.redirect(postLogoutRedirectUri);
        },
      },
    },
    pkce: { required: () => true },
    // The standard drops offline_access unless the person is asked for consent; the site is
    // first-party and asks no one, so its refresh token comes with the grant type instead.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    interactions: { url: (_ctx, interaction) => `/signin/interaction/${interaction.uid}` },
    // The site is a first-party client: what it asks for is granted without a consent screen.
    async loadExistingGrant(ctx) {
      const { client, session, params } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existingId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      // A grant revoked since (refresh token reuse, revocation) is replaced, never left missing:
      // a missing grant would ask for a consent screen this site does not have.
      const grant =
        (existingId ? await ctx.oidc.provider.Grant.find(existingId) : undefined) ??
        new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(String(params?.scope ?? "openid"));
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = providerPage({
        title: "Sign-in problem",
        body: `<p>Sign-in could not continue: ${escapeHtml(String(out.error_description ?? out.error ?? "unknown error"))}.</p>
          <p><a href="/signin" class="button">Try again</a> <a href="/">Go Back To Home</a></p>`,
      });
    },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 30 * 24 * 60 * 60,
      // A session nobody signed in to (a sign-out or sign-in page merely opened) is kept
      // for minutes, not the month a signed-in one lasts.
      Session: (_ctx, session) => (session.accountId ? 30 * 24 * 60 * 60 : 10 * 60),
      RefreshToken: 30 * 24 * 60 * 60,
    },
  };

  const provider = new Provider(`${siteOrigin}/idp`, configuration);
  // The provider builds every address it hands out (discovery, forms, redirects) from the
  // request's host and scheme. Those come from the site's own address alone: a Host or
  // X-Forwarded-Host header chosen by a client must never become an endpoint.
  provider.proxy = true;
  provider.use(endOwnSignOutAtOnce(provider));
  const koaHandler = provider.callback();
  const handler: RequestListener = (req, res) => {
    pinToIssuerOrigin(req, provider.issuer);
    // The same for everyone now, so caches may keep discovery and keys for a while.
    if (/^\/(\.well-known\/openid-configuration|jwks)(\?|$)/.test(req.url ?? "")) {
      res.setHeader("Cache-Control", "public, max-age=300");
    }
    koaHandler(req, res);
  };
  return { provider, handler, clientSecret };
}

/** Makes the provider see the request as addressed to its issuer's origin, whatever the client sent. */
export function pinToIssuerOrigin(req: IncomingMessage, issuer: string): void {
  const { host, protocol } = new URL(issuer);
  req.headers["x-forwarded-host"] = host;
  req.headers["x-forwarded-proto"] = protocol.slice(0, -1);
  delete req.headers.forwarded;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

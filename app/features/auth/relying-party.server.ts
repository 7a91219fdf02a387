import type { Kysely } from "kysely";
import * as client from "openid-client";
import { siteCookie } from "#app/lib/http/cookies.server.ts";
import type { Database } from "#app/lib/db/schema.ts";

/** Where and how the site signs people in (built-in provider or an external one). */
export interface RelyingPartySettings {
  issuer: string;
  clientId: string;
  /** Absent: a public client (PKCE only). */
  clientSecret?: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  scope: string;
  audience?: string;
  organization?: string;
  /** For providers whose discovery document lacks or misstates them. */
  overrides?: {
    authorizationEndpoint?: string;
    tokenEndpoint?: string;
    /** An Auth0-style logout (…/v2/logout) that takes `client_id` and `returnTo`. */
    logoutUrl?: string;
  };
}

/** The spec's error catalogue: what a person is told when sign-in fails. */
export const signInMessages = {
  invalidState: "Invalid state",
  timeout: "Timeout",
  loginFailed: "Login failed",
  tokenFailed: "Get access token failed",
  missingRefreshToken: "Missing Refresh Token (audience, scope)",
  mfaRequired: "Multi-factor authentication is required",
  accountDisabled: "This account has been disabled. If you think this is a mistake, please contact the college office.",
} as const;

export class SignInError extends Error {
  override name = "SignInError";
}

/**
 * The catalogue message for a failed sign-in step. openid-client wraps what our fetch
 * throws ('Timeout', 'HTTP error. Unable to fetch …') in errors of its own, so the
 * whole cause chain is searched; anything unrecognised is 'Login failed'.
 */
export function signInMessageFor(error: unknown): string {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof SignInError) return cause.message;
    if ((cause as { code?: string }).code === "OAUTH_TIMEOUT") return signInMessages.timeout;
  }
  return signInMessages.loginFailed;
}

/** The spec's transaction lifetime: one day. */
const transactionSeconds = 24 * 60 * 60;
/** Binds a sign-in to the browser that started it (the OAuth state); sent back only to /signin/…. */
export const signInStateCookie = siteCookie("signin_state", { path: "/signin", maxAgeSeconds: transactionSeconds });
const requestTimeoutSeconds = 10;
const attempts = 3;
const leewaySeconds = 60;

const protocolRelative = /^[/\\]{2}|^\/\\/;

/** Relative paths on this site only: never a way to send people elsewhere. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || protocolRelative.test(value)) return "/";
  try {
    const url = new URL(value, "http://site.invalid");
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Dot segments can normalise into "//host" ("/.//evil.example"): check the result too.
    if (url.origin !== "http://site.invalid" || protocolRelative.test(path)) return "/";
    return path;
  } catch {
    return "/";
  }
}

/** Failures before the request left (refused, unresolvable, reset while connecting) are safe to repeat. */
const notSentCodes = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ECONNRESET", "UND_ERR_CONNECT_TIMEOUT"]);

/**
 * Up to 3 attempts when the provider could not be reached. Once a request may
 * have arrived it is not repeated: a token request repeated would spend the
 * authorization code twice, and providers then revoke the grant.
 */
const fetchWithRetries: client.CustomFetch = async (url, options) => {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await fetch(url, options as RequestInit);
    } catch (error) {
      lastError = error;
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (!code || !notSentCodes.has(code)) break;
    }
  }
  const timedOut = ["AbortError", "TimeoutError"].includes((lastError as Error)?.name);
  throw new SignInError(timedOut ? signInMessages.timeout : `HTTP error. Unable to fetch ${url}`, { cause: lastError });
};

/** Sign-ins started and never finished, once their day is over. */
export async function pruneSignInTransactions(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.deleteFrom("sign_in_transactions").where("expires_at", "<", now.toISOString()).execute();
}

export function createRelyingParty(settings: RelyingPartySettings) {
  let discovered: Promise<client.Configuration> | undefined;

  async function discover() {
    const insecure = new URL(settings.issuer).protocol === "http:";
    const metadata: Partial<client.ClientMetadata> = {
      ...(settings.clientSecret ? { client_secret: settings.clientSecret } : {}),
      id_token_signed_response_alg: "RS256",
      // Clocks differ a little between machines: 60 s either way for exp, nbf and iat.
      [client.clockTolerance]: leewaySeconds,
    };
    const authentication = settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None();
    const config = await client.discovery(new URL(settings.issuer), settings.clientId, metadata, authentication, {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: requestTimeoutSeconds,
      [client.customFetch]: fetchWithRetries,
    });
    const { authorizationEndpoint, tokenEndpoint } = settings.overrides ?? {};
    const effective =
      authorizationEndpoint || tokenEndpoint
        ? new client.Configuration(
            {
              // serverMetadata() adds helper methods; only the JSON fields are metadata.
              ...(JSON.parse(JSON.stringify(config.serverMetadata())) as client.ServerMetadata),
              ...(authorizationEndpoint ? { authorization_endpoint: authorizationEndpoint } : {}),
              ...(tokenEndpoint ? { token_endpoint: tokenEndpoint } : {}),
            },
            settings.clientId,
            metadata,
            authentication,
          )
        : config;
    if (insecure) client.allowInsecureRequests(effective);
    effective.timeout = requestTimeoutSeconds;
    effective[client.customFetch] = fetchWithRetries;
    return effective;
  }

  /** Discovered on first use (the built-in provider is this very server) and kept; a failure is retried next time. */
  function configuration() {
    discovered ??= discover().catch((error) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  }

  return {
    settings,

    /** Starts a sign-in: stores the one-time transaction, returns the provider's URL and the state for the cookie. */
    async start(db: Kysely<Database>, returnTo: string) {
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      await db
        .insertInto("sign_in_transactions")
        .values({
          state,
          code_verifier: codeVerifier,
          nonce,
          return_to: safeReturnTo(returnTo),
          expires_at: new Date(Date.now() + transactionSeconds * 1000).toISOString(),
        })
        .execute();
      const parameters: Record<string, string> = {
        redirect_uri: settings.redirectUri,
        scope: settings.scope,
        response_type: "code",
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
      };
      if (settings.audience) parameters.audience = settings.audience;
      if (settings.organization) parameters.organization = settings.organization;
      return { url: client.buildAuthorizationUrl(config, parameters), state };
    },

    /**
     * Finishes a sign-in at the callback: the state must be the one this browser
     * started (cookie) and still stored (used once, within a day).
     */
    async finish(db: Kysely<Database>, requestUrl: URL, browserState: string | undefined) {
      // The configured redirect URI, not one rebuilt from request headers: it must equal the one sent.
      const callbackUrl = new URL(settings.redirectUri);
      callbackUrl.search = requestUrl.search;
      const state = callbackUrl.searchParams.get("state");
      if (!state || state !== browserState) throw new SignInError(signInMessages.invalidState);
      const transaction = await db
        .deleteFrom("sign_in_transactions")
        .where("state", "=", state)
        .where("expires_at", ">", new Date().toISOString())
        .returningAll()
        .executeTakeFirst();
      if (!transaction) throw new SignInError(signInMessages.invalidState);

      const config = await configuration();
      let tokens;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: transaction.code_verifier,
          expectedState: state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        // The provider could not be reached (or did not answer in time): say so.
        if (signInMessageFor(error) !== signInMessages.loginFailed) throw new SignInError(signInMessageFor(error), { cause: error });
        const code = (error as { error?: string }).error;
        if (code === "mfa_required") throw new SignInError(signInMessages.mfaRequired, { cause: error });
        // The token endpoint said no (or answered nonsense): the code could not become tokens.
        if (error instanceof client.ResponseBodyError || (error as { code?: string }).code === "OAUTH_RESPONSE_IS_NOT_CONFORM") {
          throw new SignInError(signInMessages.tokenFailed, { cause: error });
        }
        // Anything else failed a check of the ID token or of the response.
        throw new SignInError(signInMessages.loginFailed, { cause: error });
      }
      const claims = tokens.claims();
      if (!claims?.sub) throw new SignInError(signInMessages.loginFailed);
      if (settings.organization && claims.org_id !== settings.organization && claims.org_name !== settings.organization) {
        throw new SignInError(signInMessages.loginFailed);
      }
      return { tokens, claims, returnTo: transaction.return_to };
    },

    async refresh(refreshToken: string) {
      return client.refreshTokenGrant(await configuration(), refreshToken);
    },

    /**
     * The provider's sign-out address, returning to the site's signed-out page. With the ID token
     * of the session being ended as `id_token_hint`, the provider knows whose session it is and
     * need not ask (the built-in one does not, for our own Log out: app/features/accounts/provider/sign-out.ts).
     */
    async endSessionUrl(idTokenHint?: string) {
      const logoutUrl = settings.overrides?.logoutUrl;
      if (logoutUrl) {
        const url = new URL(logoutUrl);
        url.searchParams.set("client_id", settings.clientId);
        url.searchParams.set("returnTo", settings.postLogoutRedirectUri);
        return url;
      }
      const config = await configuration();
      const parameters: Record<string, string> = {
        client_id: settings.clientId,
        post_logout_redirect_uri: settings.postLogoutRedirectUri,
      };
      if (idTokenHint) parameters.id_token_hint = idTokenHint;
      return client.buildEndSessionUrl(config, parameters);
    },
  };
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;

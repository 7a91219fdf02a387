import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { expect } from "vitest";
import { TestBrowser } from "./http-client.ts";
import { freePort } from "./free-port.ts";

/** What the next ID token looks like; by default a valid one. */
export interface TokenScenario {
  claims?: (valid: JWTPayload) => JWTPayload;
  /** An unsigned token (alg "none"). */
  unsigned?: boolean;
  /** Signed with HS256 and this shared secret instead of the RS256 key. */
  hs256Secret?: string;
  /** The token endpoint refuses the code with this OAuth error. */
  tokenError?: string;
  /** The token endpoint answers a refresh with this status and OAuth error. */
  refreshError?: { status: number; error: string };
}

/**
 * A second OpenID provider under the tests' control, with Auth0's endpoint
 * paths (/authorize, /oauth/token, /v2/logout). It issues whatever ID token
 * the current scenario asks for, to prove the site's checks.
 */
export async function startTokenTestProvider({ clientId }: { clientId: string }) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}/`;
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  /** Nonces the site sent, by authorization code (the test hands out codes). */
  const nonces = new Map<string, string>();
  let scenario: TokenScenario = {};
  let refreshRequests = 0;

  async function idToken(nonce: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const valid: JWTPayload = {
      iss: issuer,
      aud: clientId,
      sub: "auth0|external-42",
      nonce,
      iat: now,
      exp: now + 600,
      name: "External Person",
      email: "external@example.com",
    };
    const claims = scenario.claims ? scenario.claims(valid) : valid;
    if (scenario.unsigned) {
      const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
      return `${encode({ alg: "none", typ: "JWT" })}.${encode(claims)}.`;
    }
    if (scenario.hs256Secret) {
      return new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(scenario.hs256Secret));
    }
    return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "test-key" }).sign(privateKey);
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}authorize`,
        token_endpoint: `${issuer}oauth/token`,
        jwks_uri: `${issuer}.well-known/jwks.json`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/.well-known/jwks.json") return json(200, { keys: [jwk] });
    if (url.pathname === "/oauth/token" && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      if (form.get("grant_type") === "refresh_token") {
        refreshRequests += 1;
        // A little slow, as real providers are: requests arriving meanwhile must wait, not ask again.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const failure = scenario.refreshError;
        if (failure) return json(failure.status, { error: failure.error });
        return json(200, {
          access_token: `renewed-${Date.now()}`,
          token_type: "Bearer",
          expires_in: 3600,
          refresh_token: "external-refresh-2",
        });
      }
      const code = form.get("code") ?? "";
      const nonce = nonces.get(code);
      if (!nonce) return json(400, { error: "invalid_grant", error_description: "unknown code" });
      nonces.delete(code);
      if (scenario.tokenError) return json(403, { error: scenario.tokenError, error_description: "refused by the test" });
      return json(200, {
        access_token: "external-access-token",
        token_type: "Bearer",
        expires_in: 3600,
        refresh_token: "external-refresh-1",
        id_token: await idToken(nonce),
      });
    }
    json(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    issuer,
    /** Plays the provider's login: hands out a code for the authorization request the site made. */
    authorize(authorizationUrl: URL): URL {
      const code = `code-${nonces.size}-${Date.now()}`;
      nonces.set(code, authorizationUrl.searchParams.get("nonce")!);
      const callback = new URL(authorizationUrl.searchParams.get("redirect_uri")!);
      callback.searchParams.set("code", code);
      callback.searchParams.set("state", authorizationUrl.searchParams.get("state")!);
      return callback;
    },
    /**
     * A fresh browser signs in at the site through this provider (with the current scenario),
     * starting at /signin?return_to=…; returns the browser and the site's callback answer.
     */
    async signIn(siteUrl: string, returnTo = "/") {
      const browser = new TestBrowser(siteUrl);
      const start = await browser.request(`/signin?return_to=${returnTo}`);
      const authorizationUrl = new URL(start.headers.get("location")!);
      expect(authorizationUrl.href.startsWith(`${issuer}authorize?`)).toBe(true);
      const callback = await browser.request(this.authorize(authorizationUrl).href);
      return { browser, callback };
    },
    /** Refresh-token requests received so far. */
    refreshRequests: () => refreshRequests,
    useScenario(next: TokenScenario) {
      scenario = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

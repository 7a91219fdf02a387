import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

/** The headers the middleware sets for a request to `path`, in order, and the response's nonce. */
function headersFor(middleware: ReturnType<typeof securityHeaders>, path: string, secure = false) {
  const headers = new Map<string, string>();
  const res = { locals: {}, setHeader: (name: string, value: string) => headers.set(name, value) } as unknown as Response;
  let passedOn = false;
  middleware({ path, secure } as Request, res, () => (passedOn = true));
  return { headers, nonce: res.locals.cspNonce, passedOn };
}

const withThirdParties = securityHeaders({
  development: false,
  captchaOrigins: ["https://hcaptcha.com"],
  chatbotOrigins: ["https://chat.example"],
  libraryImageOrigins: ["https://books.google.com"],
  errorReportingOrigin: "https://o1.ingest.sentry.io",
});

describe("security headers", () => {
  it("give a page the policy with this response's nonce, then the fixed headers, in order", () => {
    const { headers, nonce, passedOn } = headersFor(securityHeaders({ development: false }), "/courses/java");
    expect(passedOn).toBe(true);
    expect(headers.get("Content-Security-Policy")).toBe(
      `default-src 'self';base-uri 'self';script-src 'self' 'nonce-${nonce}';style-src 'self';img-src 'self' data:;font-src 'self';` +
        "connect-src 'self';media-src 'self';object-src 'none';form-action 'self';frame-ancestors 'none'",
    );
    expect([...headers.keys()]).toEqual([
      "Content-Security-Policy",
      "Cross-Origin-Opener-Policy",
      "Cross-Origin-Resource-Policy",
      "Origin-Agent-Cluster",
      "Referrer-Policy",
      "X-Content-Type-Options",
      "X-DNS-Prefetch-Control",
      "X-Download-Options",
      "X-Frame-Options",
      "X-Permitted-Cross-Domain-Policies",
      "X-XSS-Protection",
      "Permissions-Policy",
    ]);
    expect(headers.get("Permissions-Policy")).toContain("camera=()");
  });

  it("give each response a nonce of its own", () => {
    const middleware = securityHeaders({ development: false });
    const nonces = new Set(Array.from({ length: 2000 }, () => headersFor(middleware, "/").nonce));
    expect(nonces.size).toBe(2000);
  });

  it("let third parties in everywhere but the live room, and other sites' pictures only where they are shown", () => {
    const page = headersFor(withThirdParties, "/contact").headers.get("Content-Security-Policy")!;
    expect(page).toContain("script-src 'self' 'nonce-");
    expect(page).toMatch(/script-src [^;]*https:\/\/hcaptcha\.com https:\/\/chat\.example/);
    expect(page).toContain("frame-src 'self' https://hcaptcha.com https://chat.example");
    expect(page).toContain("connect-src 'self' https://hcaptcha.com https://chat.example https://o1.ingest.sentry.io");
    expect(page).toContain("img-src 'self' data:;");

    const room = headersFor(withThirdParties, "/mentorship/bookings/abc/Room/");
    expect(room.headers.get("Content-Security-Policy")).not.toContain("hcaptcha");
    expect(room.headers.get("Content-Security-Policy")).toContain("frame-src 'self';");
    expect(room.headers.get("Permissions-Policy")).toContain("camera=(self)");

    expect(headersFor(withThirdParties, "/LIBRARY/").headers.get("Content-Security-Policy")).toContain(
      "img-src 'self' data: https://books.google.com;",
    );
    expect(headersFor(withThirdParties, "/library/books").headers.get("Content-Security-Policy")).toContain("img-src 'self' data:;");
    expect(headersFor(withThirdParties, "/Feedback/new").headers.get("Content-Security-Policy")).toContain(
      "img-src 'self' data: https: http:;",
    );
  });

  it("ask for HTTPS only over HTTPS", () => {
    const middleware = securityHeaders({ development: false });
    expect(headersFor(middleware, "/").headers.has("Strict-Transport-Security")).toBe(false);
    expect(headersFor(middleware, "/", true).headers.get("Strict-Transport-Security")).toBe("max-age=31536000");
  });
});

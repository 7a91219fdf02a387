import { describe, expect, it } from "vitest";
import { scrubDeep, scrubEvent, scrubText } from "./scrub.ts";

describe("scrubText", () => {
  it.each([
    ["an address in a sentence", "Saving kavya.s+1@college.example failed", "Saving [email] failed"],
    ["an address in capitals, with subdomains", "to: KAVYA@Mail.College.Example.IN.", "to: [email]."],
    ["a percent-encoded address", "/users/kavya%40college.example/settings", "/users/[email]/settings"],
    ["an address in quotes and brackets", `{"email":"a@b.co"} (a@b.co)`, `{"email":"[email]"} ([email])`],
    [
      "a query string of a URL",
      "at http://127.0.0.1:3000/signin/callback?code=abc&state=x:1:2",
      "at http://127.0.0.1:3000/signin/callback",
    ],
    ["a fragment", "https://learn.example/profile#top now", "https://learn.example/profile now"],
    ["a query string of a path", "GET /profile?email=x", "GET /profile"],
    ["a code outside any URL", "callback got code=abc123 and state=xyz", "callback got code=[removed] and state=[removed]"],
    ["a session cookie", "Cookie: sid=abcdef; feedback_author=123", "Cookie: sid=[removed]; feedback_author=[removed]"],
  ])("takes out %s", (_, text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it.each([
    ["a DSN's key at an IP address", "http://publickey@127.0.0.1:9/1"],
    ["a package and its version", "@sentry/browser@11.12.0 react-router@8.4.0"],
    ["a question without a path", "What now? Try again #2"],
    ["a stack frame", "TypeError: x is undefined\n    at Home (http://127.0.0.1/assets/home-abc.js:1:200)"],
  ])("leaves %s as it is", (_, text) => {
    expect(scrubText(text)).toBe(text);
  });

  // Patterns that make a careless expression backtrack once per character: half a million
  // characters each, read in milliseconds by expressions that do not backtrack, and in minutes,
  // past the test's time limit, by one that backtracks even once per character (quadratic time).
  it("finishes with text made to make an expression backtrack", { timeout: 20_000 }, () => {
    const n = 500_000;
    for (const text of ["/".repeat(n), "a@".repeat(n / 2), "a".repeat(n), "%40".repeat(n / 3), `x@${"b-".repeat(n / 2)}`]) {
      expect(scrubText(text).length).toBeGreaterThan(0);
    }
  });
});

describe("scrubEvent", () => {
  const event = {
    message: "Profile of kavya@college.example",
    release: "web@1.0.0-rc.example",
    environment: "production",
    user: { id: "42", email: "kavya@college.example", ip_address: "203.0.113.9" },
    request: {
      url: "http://127.0.0.1/signin/callback?code=SECRET",
      query_string: "code=SECRET",
      cookies: { sid: "cookie-value" },
      headers: {
        Cookie: "sid=cookie-value",
        Authorization: "Bearer t",
        "User-Agent": "Chromium",
        Referer: "http://127.0.0.1/profile?code=SECRET",
        "X-Forwarded-For": "203.0.113.9",
        "X-Real-IP": "203.0.113.10",
        Forwarded: "for=203.0.113.11;proto=https",
        "x-real-ip": "203.0.113.12",
        forwarded: 'for="[2001:db8::13]:4711"',
      },
      data: { email: "kavya@college.example", password: "secret" },
    },
    exception: {
      values: [
        {
          type: "Error",
          value: "failed for kavya@college.example",
          stacktrace: { frames: [{ filename: "http://127.0.0.1/assets/a.js", lineno: 1 }] },
        },
      ],
    },
    breadcrumbs: [
      { category: "fetch", data: { url: "/api?token=abc", method: "GET" } },
      { category: "console", message: "user kavya@college.example" },
    ],
    contexts: { pino: { requestId: "r-1", path: "/profile", set_cookie: "x" } },
    sdkProcessingMetadata: { normalizedRequest: { headers: { cookie: "kept, never sent" } } },
  };

  it("takes out users, cookies, credentials, client addresses, query strings, bodies and email addresses", () => {
    const scrubbed = scrubEvent(structuredClone(event));
    expect(scrubbed).toEqual({
      message: "Profile of [email]",
      release: "web@1.0.0-rc.example",
      environment: "production",
      request: {
        url: "http://127.0.0.1/signin/callback",
        headers: { "User-Agent": "Chromium", Referer: "http://127.0.0.1/profile" },
      },
      exception: {
        values: [
          { type: "Error", value: "failed for [email]", stacktrace: { frames: [{ filename: "http://127.0.0.1/assets/a.js", lineno: 1 }] } },
        ],
      },
      breadcrumbs: [
        { category: "fetch", data: { url: "/api", method: "GET" } },
        { category: "console", message: "user [email]" },
      ],
      contexts: { pino: { requestId: "r-1", path: "/profile", set_cookie: "x" } },
      sdkProcessingMetadata: event.sdkProcessingMetadata,
    });
    expect(JSON.stringify({ ...scrubbed, sdkProcessingMetadata: undefined })).not.toMatch(
      /kavya|SECRET|cookie-value|203\.0\.113\.|2001:db8|Bearer/,
    );
  });

  it("stops at a depth no event reaches, so a cycle cannot hang it", () => {
    const cyclic: Record<string, unknown> = { name: "a@b.co" };
    cyclic.self = cyclic;
    expect(() => scrubDeep(cyclic)).not.toThrow();
  });
});

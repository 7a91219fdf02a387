import { createHash, randomBytes } from "node:crypto";
import { siteCookie } from "#app/lib/http/cookies.server.ts";

/**
 * A visitor's proof of authorship: a random token in an httpOnly cookie (one per browser, for
 * all of its posts), stored only as a hash beside each post it wrote.
 */
export const feedbackAuthorCookie = siteCookie("feedback_author", { path: "/feedback", maxAgeSeconds: 365 * 24 * 60 * 60 });

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** This browser's token when it holds a well-formed one (32 random bytes, base64url). */
function existingToken(request: Request): string | null {
  // A cookie of one path keeps its plain name over HTTPS too (no __Host- prefix is possible).
  const token = feedbackAuthorCookie.read(request, false);
  return token && /^[\w-]{43}$/.test(token) ? token : null;
}

/** The hash of this browser's token, or null when it has none. */
export function authorTokenHash(request: Request): string | null {
  const token = existingToken(request);
  return token ? hashToken(token) : null;
}

/** This browser's token (a new one when it has none) and its hash. */
export function authorToken(request: Request): { token: string; hash: string; isNew: boolean } {
  const existing = existingToken(request);
  if (existing) return { token: existing, hash: hashToken(existing), isNew: false };
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token), isNew: true };
}

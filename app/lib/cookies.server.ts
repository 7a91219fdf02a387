/** Binds a sign-in to the browser that started it (the OAuth state). */
export const SIGN_IN_STATE_COOKIE = "signin_state";

/** Reads one cookie from the request's Cookie header. */
export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

interface CookieOptions {
  maxAgeSeconds: number;
  path?: string;
  /** Set when the site is served over HTTPS. */
  secure: boolean;
}

/** httpOnly and SameSite=Lax always: scripts never read our cookies, other sites never send them on posts. */
export function serializeCookie(name: string, value: string, { maxAgeSeconds, path = "/", secure }: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${maxAgeSeconds}`, `Path=${path}`, "HttpOnly", "SameSite=Lax"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearCookie(name: string, { path = "/", secure }: { path?: string; secure: boolean }): string {
  return serializeCookie(name, "", { maxAgeSeconds: 0, path, secure });
}

/** Cookies get Secure when the site is public over HTTPS, or this request came over HTTPS. */
export const isHttps = (request: Request, publicUrl?: string) =>
  publicUrl?.startsWith("https:") || new URL(request.url).protocol === "https:";

/** A request, or its Cookie header alone (code that runs before React Router has no Request to build). */
export type CookieSource = Request | string | null | undefined;

/** Reads one cookie from the request's Cookie header. */
function readCookie(source: CookieSource, name: string): string | undefined {
  const header = typeof source === "object" && source !== null ? source.headers.get("cookie") : source;
  for (const part of (header ?? "").split(";")) {
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

/** httpOnly and SameSite=Lax always: scripts never read our cookies, other sites never send them on posts. */
function serializeCookie(name: string, value: string, maxAgeSeconds: number, path: string, secure: boolean): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${maxAgeSeconds}`, `Path=${path}`, "HttpOnly", "SameSite=Lax"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/**
 * One of the site's cookies, its name, path and lifetime defined in one place, so the
 * route that sets it and the one that clears it cannot disagree. `secure`: RequestServices.secureCookies.
 *
 * A cookie for the whole site (path "/") is named `__Host-<name>` when secure: browsers then take it
 * only from this very host over HTTPS, so a neighbouring subdomain or a network attacker cannot plant
 * one (a session fixed in advance). Over plain HTTP (development, tests) browsers refuse that
 * prefix, so the plain name is used; cookies of one path cannot have the prefix at all.
 */
export function siteCookie(name: string, { path = "/", maxAgeSeconds }: { path?: string; maxAgeSeconds: number }) {
  const nameFor = (secure: boolean) => (secure && path === "/" ? `__Host-${name}` : name);
  return {
    read: (source: CookieSource, secure: boolean) => readCookie(source, nameFor(secure)),
    set: (value: string, secure: boolean) => serializeCookie(nameFor(secure), value, maxAgeSeconds, path, secure),
    clear: (secure: boolean) => serializeCookie(nameFor(secure), "", 0, path, secure),
  };
}

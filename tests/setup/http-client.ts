/**
 * A minimal browser for integration tests: keeps cookies (with their paths),
 * follows redirects one at a time so each step can be inspected or tampered with.
 */
class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";").map((part) => part.trim());
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const path = attributes.find((a) => a.toLowerCase().startsWith("path="))?.slice(5) ?? "/";
      const maxAge = attributes.find((a) => a.toLowerCase().startsWith("max-age="));
      const expires = attributes.find((a) => a.toLowerCase().startsWith("expires="))?.slice(8);
      const key = `${name}|${path}`;
      // Max-Age wins over Expires, as in browsers.
      const expired = maxAge ? Number(maxAge.slice(8)) <= 0 : expires !== undefined && Date.parse(expires) <= Date.now();
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  headerFor(url: URL): string {
    const matching: string[] = [];
    for (const [key, cookie] of this.cookies) {
      const p = cookie.path;
      if (url.pathname === p || url.pathname.startsWith(p.endsWith("/") ? p : `${p}/`)) {
        matching.push(`${key.split("|")[0]}=${cookie.value}`);
      }
    }
    return matching.join("; ");
  }

  get(name: string): string | undefined {
    for (const [key, cookie] of this.cookies) if (key.split("|")[0] === name) return cookie.value;
    return undefined;
  }

  clear() {
    this.cookies.clear();
  }

  delete(name: string) {
    for (const key of [...this.cookies.keys()]) if (key.split("|")[0] === name) this.cookies.delete(key);
  }
}

export class TestBrowser {
  readonly jar: CookieJar;
  readonly origin: string;
  /** Sent as X-Forwarded-For, for a server that trusts one proxy: each browser its own address. */
  readonly clientAddress?: string;

  constructor(origin: string, clientAddress?: string, jar = new CookieJar()) {
    this.origin = origin;
    this.clientAddress = clientAddress;
    this.jar = jar;
  }

  /** The same person (the same cookies) from another network address. */
  from(clientAddress: string): TestBrowser {
    return new TestBrowser(this.origin, clientAddress, this.jar);
  }

  async request(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.origin);
    const headers = new Headers(init.headers);
    const cookie = this.jar.headerFor(url);
    if (cookie) headers.set("Cookie", cookie);
    if (this.clientAddress) headers.set("X-Forwarded-For", this.clientAddress);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    this.jar.store(response);
    return response;
  }

  postForm(path: string, fields: Record<string, string>) {
    return this.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  }

  /** A JSON post, as a page's script sends one. */
  postJson(path: string, body: unknown) {
    return this.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  }

  /** Follows redirects until `stop` says so or a non-redirect answer comes; returns the last response and its URL. */
  async follow(response: Response, from: string, stop: (url: URL) => boolean = () => false) {
    let current = response;
    let url = new URL(from, this.origin);
    const hops: string[] = [];
    while (current.status >= 300 && current.status < 400) {
      url = new URL(current.headers.get("location")!, url);
      hops.push(url.href);
      // A redirect loop fails here, naming the chain, instead of at the test's timeout.
      if (hops.length > 20) throw new Error(`more than 20 redirects: ${hops.join(" → ")}`);
      if (stop(url)) break;
      current = await this.request(url.href);
    }
    return { response: current, url };
  }
}

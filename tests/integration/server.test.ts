import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { connect, createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileVersion } from "#server/file-version.ts";
import { runServerExpectingExit, startSite, type RunningSite } from "../setup/server.ts";

let server: RunningSite;

beforeAll(async () => {
  server = await startSite({ TRUST_PROXY: "1" });
});
afterAll(() => server?.stop());

describe("security headers", () => {
  it("sends a nonce-based script policy that matches the page's scripts", async () => {
    const response = await fetch(`${server.url}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const inlineScripts = html.match(/<script(?![^>]*\ssrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(csp).toContain("frame-ancestors 'none'");
    // Browsers that do not know frame-ancestors obey X-Frame-Options: no site may frame ours.
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("allows styles from our own stylesheets only: no style attribute or <style> element applies", async () => {
    const csp = (await fetch(`${server.url}/`)).headers.get("content-security-policy") ?? "";
    expect(/(?:^|;)style-src ([^;]+)/.exec(csp)?.[1]).toBe("'self'");
  });

  const streamedBody = () =>
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("email=stream%40example.com"));
        controller.close();
      },
    });
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  it.each([
    ["a page", 200, () => fetch(`${server.url}/about`)],
    ["/healthz", 200, () => fetch(`${server.url}/healthz`)],
    ["/readyz", 200, () => fetch(`${server.url}/readyz`)],
    [
      "a body without a length (411)",
      411,
      () => fetch(`${server.url}/newsletter`, { method: "POST", headers: form, body: streamedBody(), duplex: "half" } as RequestInit),
    ],
    [
      "a body too large (413)",
      413,
      () => fetch(`${server.url}/newsletter`, { method: "POST", headers: form, body: "x".repeat(70 * 1024) }),
    ],
    ["a method no page takes (405)", 405, () => fetch(`${server.url}/about`, { method: "DELETE" })],
  ])("sends the security headers and a Permissions-Policy with %s", async (_what, status, request) => {
    const response = await request();
    expect(response.status).toBe(status);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("permissions-policy")).toMatch(/camera=\(\), .*microphone=\(\), .*payment=\(\)/);
  });

  it("sends X-Frame-Options: DENY with a page sent from the page cache too", async () => {
    let kept: Response | undefined;
    for (let attempt = 0; attempt < 50 && !kept; attempt++) {
      const response = await fetch(`${server.url}/team`);
      await response.arrayBuffer();
      if (response.headers.get("x-page-cache") === "hit") kept = response;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(kept?.headers.get("x-frame-options")).toBe("DENY");
  });

  it("uses a new nonce for every rendered response", async () => {
    // The contact page is rendered for every request (pages kept by the page cache carry their scripts' hashes instead).
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec((await fetch(`${server.url}/contact`)).headers.get("content-security-policy") ?? "")?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  it("sends HSTS only over HTTPS (here: as told by the trusted proxy)", async () => {
    expect((await fetch(`${server.url}/`)).headers.get("strict-transport-security")).toBeNull();
    const https = await fetch(`${server.url}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
  });
});

describe("caching and compression", () => {
  it("lets the stylesheet and the largest picture load alone: no script preloaded, the page's modules imported once it has loaded", async () => {
    for (const path of ["/", "/courses/java", "/about"]) {
      // Twice: rendered, then (for these pages) from the page cache.
      for (const attempt of [1, 2]) {
        const html = await (await fetch(`${server.url}${path}`)).text();
        const head = html.slice(0, html.indexOf("</head>"));
        expect(head, `${path} ${attempt}`).toMatch(/<link rel="stylesheet" href="\/assets\/[\w.-]+\.css"/);
        expect(html, `${path} ${attempt}`).not.toContain('rel="modulepreload"');
        const bootstrap = /<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
        expect(bootstrap).not.toMatch(/\bimport\s+\*\s+as\b/);
        expect(bootstrap.indexOf('addEventListener("load"')).toBeGreaterThanOrEqual(0);
        expect(bootstrap.indexOf('addEventListener("load"')).toBeLessThan(bootstrap.indexOf("import("));
        expect(bootstrap).toContain("window.__reactRouterRouteModules");
      }
    }
  });

  it("keeps HTML out of shared caches and hashed assets for a year", async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get("cache-control")).toBe("private, no-cache");
    const html = await page.text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await fetch(server.url + asset);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("sends the build's brotli and gzip copies of a hashed asset as stored, the file itself to others, each with its own ETag", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/[\w.-]+\.css/.exec(html)![0];
    const stored = (suffix: string) => readFileSync(new URL(`../../build/client${asset}${suffix}`, import.meta.url));

    const plain = await rawBytes(server.url + asset, {});
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.body).toEqual(stored(""));

    const br = await rawBytes(server.url + asset, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.body).toEqual(stored(".br"));
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);

    const gzip = await rawBytes(server.url + asset, { "Accept-Encoding": "br;q=0, gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body).toEqual(stored(".gz"));
    expect(gunzipSync(gzip.body)).toEqual(plain.body);

    // A cache must never answer one encoding's conditional request with another's bytes.
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    const unchanged = await rawBytes(server.url + asset, { "Accept-Encoding": "br", "If-None-Match": br.headers.etag! });
    expect(unchanged.status).toBe(304);
    const head = await rawBytes(server.url + asset, { "Accept-Encoding": "br" }, "HEAD");
    expect(head.headers["content-length"]).toBe(String(stored(".br").length));
    expect(head.body.length).toBe(0);
  });

  it("compresses pages for clients that accept gzip", async () => {
    const response = await fetch(`${server.url}/courses`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("sends a form's answer to the page's script as it is (a few bytes), and the page a form post without script renders compressed", async () => {
    const post = (path: string, email: string) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: {
          "Accept-Encoding": "gzip, br",
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.url,
          "X-Forwarded-For": "203.0.113.77",
        },
        body: new URLSearchParams({ email }).toString(),
      });
    const toScript = await post("/newsletter.data", "answer-to-script@example.com");
    expect(toScript.status).toBe(200);
    expect(toScript.headers.get("content-encoding")).toBeNull();
    expect(await toScript.text()).toContain("This address is on our newsletter list");

    const withoutScript = await post("/newsletter", "answer-as-page@example.com");
    expect(withoutScript.status).toBe(200);
    expect(withoutScript.headers.get("content-encoding")).toBe("br");
    expect(await withoutScript.text()).toContain("This address is on our newsletter list");
  });

  it("sends a hashed asset with the headers a stylesheet obeys, not the pages' document policies", async () => {
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(await (await fetch(`${server.url}/`)).text())![1]!;
    const plain = await fetch(`${server.url}${stylesheet}`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
    expect(plain.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    expect(plain.headers.get("content-security-policy")).toBeNull();
    const https = await fetch(`${server.url}${stylesheet}`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("answers a missing hashed asset with a plain 404, not a page", async () => {
    const response = await fetch(`${server.url}/assets/no-such-file-abc123.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
  });

  it("names each public file with its version: kept a year at that address, a day at any other", async () => {
    const home = await (await fetch(`${server.url}/`)).text();
    const [, path, version] = /src="(\/images\/hero\/slide-1\.svg)\?v=([\w-]+)"/.exec(home)!;
    const bytes = readFileSync(`public${path}`);
    expect(version).toBe(fileVersion(bytes));
    const current = await fetch(`${server.url}${path}?v=${version}`, { headers: { "Accept-Encoding": "br" } });
    expect(current.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(current.headers.get("content-type")).toBe("image/svg+xml");
    expect(current.headers.get("content-encoding")).toBe("br");
    expect(Buffer.from(await current.arrayBuffer())).toEqual(bytes);
    for (const other of [path!, `${path}?v=an-older-one`]) {
      const response = await fetch(`${server.url}${other}`);
      expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    }
  });

  it("serves public images but lists no directory", async () => {
    expect((await fetch(`${server.url}/favicon.svg`)).status).toBe(200);
    const listing = await fetch(`${server.url}/images/`);
    expect(listing.status).toBe(404);
  });
});

describe("operations", () => {
  it("answers /healthz and /readyz", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("logs one JSON line per request with its request id", async () => {
    const response = await fetch(`${server.url}/team`, { headers: { "X-Request-Id": "trace-12345678" } });
    await response.text();
    expect(response.headers.get("x-request-id")).toBe("trace-12345678");
    await expect.poll(() => server.logs.filter((l) => l.requestId === "trace-12345678")).toHaveLength(1);
    const line = server.logs.find((l) => l.requestId === "trace-12345678")!;
    expect(line).toMatchObject({ method: "GET", path: "/team", status: 200 });
    expect(typeof line.durationMs).toBe("number");
  });

  it("gives a request without an id a fresh one", async () => {
    const first = (await fetch(`${server.url}/healthz`)).headers.get("x-request-id");
    const second = (await fetch(`${server.url}/healthz`)).headers.get("x-request-id");
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
  });
});

describe("request bodies", () => {
  it("refuses a body over 64 KB before reading it, and stores nothing", async () => {
    const response = await fetch(`${server.url}/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `email=big%40example.com&padding=${"x".repeat(70 * 1024)}`,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(
      "This form is too large to send: this page takes at most 64 KB. Go back, shorten what you typed or choose a smaller file, and send it again.",
    );
    const handle = server.database.open();
    try {
      expect(
        await handle.db.selectFrom("newsletter_subscriptions").select("email").where("email", "=", "big@example.com").execute(),
      ).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it("refuses a streamed body without a declared length", async () => {
    const response = await fetch(`${server.url}/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("email=stream%40example.com"));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(411);
  });
});

describe("cross-site requests", () => {
  it.each([[{ Origin: "https://evil.example" }], [{ "Sec-Fetch-Site": "cross-site" }], [{ "Sec-Fetch-Site": "same-site" }]])(
    "refuses a state-changing request sent with %j",
    async (headers) => {
      const response = await fetch(`${server.url}/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: "email=forged%40example.com",
      });
      expect(response.status).toBe(403);
    },
  );

  // Without Sec-Fetch-Site (older browsers, scripts), the Origin alone decides: it must be ours exactly.
  it.each(["/logout", "/progress", "/newsletter"])("refuses look-alike origins on %s", async (path) => {
    const { host } = new URL(server.url);
    for (const origin of [`${server.url}.evil.example`, `${server.url}0`, `https://${host}`, `http://${host}@evil.example`, "null"]) {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
        body: "email=forged%40example.com&course=java&lesson=1",
        redirect: "manual",
      });
      expect(response.status, origin).toBe(403);
    }
  });

  it("lets the site's own forms through", async () => {
    const response = await fetch(`${server.url}/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "Sec-Fetch-Site": "same-origin" },
      body: "email=own-form%40example.com",
    });
    expect(response.status).toBe(200);
  });
});

describe("configuration", () => {
  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: " " }, "PORT"],
    [{ PORT: "0x50" }, "PORT"],
    [{ SHUTDOWN_TIMEOUT_MS: "1e3" }, "SHUTDOWN_TIMEOUT_MS"],
    [{ REQUEST_TIMEOUT_MS: "500" }, "REQUEST_TIMEOUT_MS"],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: "50" }, "DATABASE_STATEMENT_TIMEOUT_MS"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
  ])("refuses to start with %j and names the variable", async (env, name) => {
    const { code, stderr } = await runServerExpectingExit({ ...server.database.env, ...env });
    expect(code).toBe(1);
    expect(stderr).toContain("Invalid configuration");
    expect(stderr).toContain(`${name}:`);
  });

  it("never prints the database URL, which holds a password", async () => {
    const { code, stderr } = await runServerExpectingExit({ DATABASE_URL: "mysql://admin:s3cret@db.example/app" });
    expect(code).toBe(1);
    expect(stderr).toContain("DATABASE_URL:");
    expect(stderr).not.toContain("s3cret");
  });
});

describe("start-up failures", () => {
  it("logs an unreachable database as one JSON line that names it, and exits 1", async () => {
    const { code, stdout, stderr } = await runServerExpectingExit({ DATABASE_URL: "postgres://postgres:s3cret@127.0.0.1:1/app" });
    expect(code).toBe(1);
    expect(stderr).toBe("");
    const lines = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    const fatal = lines.filter((line) => line.level === 60);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]!.msg).toMatch(/^could not start: .*ECONNREFUSED/);
    expect(stdout).not.toContain("s3cret");
  });

  it.each(["1", "2"])("logs a port already taken as one JSON line and exits 1 (WEB_CONCURRENCY=%s)", async (workers) => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const folder = mkdtempSync(join(tmpdir(), "port-taken-"));
    try {
      const { code, stdout } = await runServerExpectingExit({
        PORT: String((taken.address() as AddressInfo).port),
        WEB_CONCURRENCY: workers,
        SQLITE_PATH: join(folder, "app.db"),
      });
      expect(code).toBe(1);
      const fatal = stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level === 60);
      expect(fatal.map((line) => line.msg)).toEqual([expect.stringMatching(/^could not start: listen EADDRINUSE/)]);
    } finally {
      taken.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("shutdown", () => {
  it("finishes a request in flight on SIGTERM, then exits cleanly", async () => {
    const instance = await startSite();
    let exit: Promise<number | null> | undefined;
    try {
      const { port } = new URL(instance.url);
      const body = "email=in-flight%40example.com";
      const socket = connect(Number(port), "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk));
      const closed = new Promise((resolve) => socket.once("close", resolve));
      // Headers and half the body: the request is in flight when the signal arrives. A keep-alive
      // connection, as browsers use: the server must close it after this response. Expect:
      // 100-continue makes the server say when it has read the headers and taken the request.
      socket.write(
        `POST /newsletter HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n${body.slice(0, 10)}`,
      );
      await expect.poll(() => answer).toContain("100 Continue");
      exit = instance.stop();
      await expect.poll(() => instance.logs.some((l) => String(l.msg).startsWith("shutting down"))).toBe(true);
      socket.write(body.slice(10));
      const code = await exit;
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK/);
      expect(answer).toMatch(/^Connection: close\r$/im);
      expect(answer).toContain("Thank you! This address is on our newsletter list: the next issue will reach it.");
      expect(code).toBe(0);
    } finally {
      // A failure before the stop must not leave the server running.
      await (exit ?? instance.stop());
    }
  });
});

describe("slow senders", () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ REQUEST_TIMEOUT_MS: "2000" });
  });
  afterAll(() => site?.stop());

  /** Sends part of a request and never the rest; resolves with what the server answered when it closed. */
  function sendPartOf(request: string): Promise<string> {
    const { port } = new URL(site.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => socket.write(request));
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk));
      socket.on("close", () => resolve(answer));
      socket.on("error", reject);
    });
  }

  it("closes a connection whose body never finishes (408)", { timeout: 15_000 }, async () => {
    const answer = await sendPartOf(
      `POST /newsletter HTTP/1.1\r\nHost: ${new URL(site.url).host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nemail=`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("closes a connection whose headers never finish (408)", { timeout: 15_000 }, async () => {
    expect(await sendPartOf("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")).toMatch(/^HTTP\/1\.1 408/);
  });

  /** Sends a form's head, then its body a byte at a time every `everyMs`; resolves with the answer once the server closes. */
  function trickle(path: string, body: string, everyMs: number): Promise<string> {
    const { port, host } = new URL(site.url);
    return new Promise((resolve, reject) => {
      let answer = "";
      let sent = 0;
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        );
        const drip = setInterval(() => {
          if (socket.destroyed || sent === body.length) return clearInterval(drip);
          socket.write(body[sent++]!);
        }, everyMs);
      });
      socket.on("data", (chunk) => (answer += chunk));
      socket.on("close", () => resolve(answer));
      socket.on("error", reject);
    });
  }

  it("gives a page's form REQUEST_TIMEOUT_MS in all, however steadily it comes (408)", { timeout: 15_000 }, async () => {
    // 4 s of bytes, one every 200 ms, against the 2 s the page allows.
    expect(await trickle("/newsletter", "email=meena%40example.com", 200)).toMatch(/^HTTP\/1\.1 408/);
  });

  it("lets a staff form (a large picture over a slow connection) take longer while it keeps coming", { timeout: 15_000 }, async () => {
    // 5 s of bytes, one every 250 ms: never a pause of 2 s. Read to its end, it is then refused for want of a sign-in.
    const answer = await trickle("/staff/courses/new", "title=A%20course%20slowly", 250);
    expect(answer).toMatch(/^HTTP\/1\.1 302 /);
    expect(answer).toMatch(/^location: \/signin\?/im);
  });

  it("closes a staff form that stops coming for REQUEST_TIMEOUT_MS (408)", { timeout: 15_000 }, async () => {
    const answer = await sendPartOf(
      `POST /staff/courses/new HTTP/1.1\r\nHost: ${new URL(site.url).host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ntitle=`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

/** One GET (or HEAD) whose body comes back as the bytes sent, not decoded as fetch would. */
function rawBytes(url: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ status: number; headers: import("node:http").IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const outgoing = request(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** The files of the server bundle that load with `file`: it and what it imports statically, not through import(). */
function loadedWith(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, relative] of readFileSync(file, "utf8").matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"(\.{1,2}\/[^"]+)"/gm)) {
    loadedWith(join(dirname(file), relative!), seen);
  }
  return seen;
}

describe("the production entry", () => {
  it("leaves the S3 client out of what every worker loads: it comes with S3_BUCKET only", () => {
    const atStart = [...loadedWith(join(import.meta.dirname, "../../build/server/index.js"))];
    expect(atStart.length).toBeGreaterThan(1);
    expect(atStart.filter((file) => readFileSync(file, "utf8").includes('from "@aws-sdk/'))).toEqual([]);
  });

  it("runs from the build alone: with Node's TypeScript stripping off, the primary and its workers start and serve", async () => {
    // A TypeScript file loaded at run time would stop the start (ERR_UNKNOWN_FILE_EXTENSION), and
    // with stripping on, it would keep the stripper in the process's memory (decision 023).
    const site = await startSite({ NODE_OPTIONS: "--no-experimental-strip-types", WEB_CONCURRENCY: "2" });
    try {
      const page = await fetch(`${site.url}/courses/java`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('class="lesson-notes');
    } finally {
      await site.stop();
    }
  });
});

// Stopping without losing a request (docs/operations.md, "Stopping"): on SIGTERM, whether it
// reaches the primary alone or every process of the group, readiness fails at once; for
// SHUTDOWN_DELAY_MS connections are still accepted and served; then the listener closes, kept-alive
// connections are closed after their answer, the requests under way finish and the process exits.
// And a rolling restart of two instances behind a balancer that checks /readyz loses nothing.
import { Agent, request, type IncomingHttpHeaders } from "node:http";
import { connect, createServer, type Server } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { startServer, startSite, type RunningServer, type RunningSite } from "../setup/server.ts";
import { until } from "../setup/waiting.ts";

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

interface SendOptions {
  /** `false`: a connection of its own. */
  agent?: Agent | false;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
}

function send(port: number, path: string, { agent = false, method = "GET", body, headers = {} }: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        agent,
        headers: body
          ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), ...headers }
          : headers,
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
        response.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A newsletter sign-up whose headers and first bytes are sent once connected, the rest when `finish` is called. */
function halfSentForm(port: number, email: string, forwardedFor: string) {
  const body = new URLSearchParams({ email }).toString();
  let finish = () => {};
  const connected = Promise.withResolvers<void>();
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/newsletter",
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          "X-Forwarded-For": forwardedFor,
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
      },
    );
    req.on("error", reject);
    req.on("socket", (socket) => socket.once("connect", () => connected.resolve()));
    req.write(body.slice(0, 10));
    finish = () => req.end(body.slice(10));
  });
  return { email, answer, connected: connected.promise, finish: () => finish() };
}

/**
 * A connection kept alive between requests, as browsers keep them: one socket, each answer read
 * by its Content-Length (asked of /healthz, whose answers carry one).
 */
function keptAliveConnection(port: number) {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  let closedByServer = false;
  let expecting: ((answer: Answer) => void) | undefined;
  socket.on("data", (chunk) => {
    received += chunk;
    const headEnd = received.indexOf("\r\n\r\n");
    if (headEnd < 0 || !expecting) return;
    const [statusLine, ...lines] = received.slice(0, headEnd).split("\r\n");
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
    );
    const end = headEnd + 4 + Number(headers["content-length"]);
    if (received.length < end) return;
    const answer = { status: Number(statusLine!.split(" ")[1]), headers, text: received.slice(headEnd + 4, end) };
    received = received.slice(end);
    expecting(answer);
  });
  // "end": the server closed its side; this client never closes its own.
  socket.on("end", () => (closedByServer = true));
  // A reset shows as an answer that never comes.
  socket.on("error", () => {});
  return {
    get(path: string) {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      return new Promise<Answer>((resolve) => (expecting = resolve));
    },
    get closedByServer() {
      return closedByServer;
    },
  };
}

/** Whether the server has exited, known without signalling it (its process id may be reused after). */
function exitWatch(server: RunningServer) {
  let exited = false;
  void server.exited.then(() => (exited = true));
  return () => exited;
}

const logged = (site: RunningServer, msg: string) => site.logs.filter((entry) => String(entry.msg).startsWith(msg));

// Longer than any machine takes for the test's own requests: a second signal ends it once they are in.
const delayMs = 60_000;

const ways = [
  { name: "SIGTERM to the process group (two workers)", workers: 2, signal: (site: RunningServer) => process.kill(-site.pid, "SIGTERM") },
  { name: "SIGTERM to the primary alone (two workers)", workers: 2, signal: (site: RunningServer) => process.kill(site.pid, "SIGTERM") },
  {
    name: "SIGTERM to the one process (WEB_CONCURRENCY=1)",
    workers: 1,
    signal: (site: RunningServer) => process.kill(site.pid, "SIGTERM"),
  },
];

describe.each(ways)("$name", ({ workers, signal }) => {
  let site: RunningSite | undefined;
  let exited = () => true;
  afterAll(async () => {
    // A test that failed before the server exited must not leave it running.
    if (site && !exited()) process.kill(-site.pid, "SIGKILL");
    await site?.exited;
    await site?.database.drop();
  });

  it(
    "fails readiness at once, serves requests in flight and arriving during the delay (which a second signal ends), closes kept-alive connections, stores every form, exits 0",
    { timeout: 120_000 },
    async () => {
      site = await startSite(
        {
          WEB_CONCURRENCY: String(workers),
          TRUST_PROXY: "1",
          SHUTDOWN_DELAY_MS: String(delayMs),
          SHUTDOWN_TIMEOUT_MS: String(delayMs + 30_000),
        },
        "sqlite",
        {
          ownProcessGroup: true,
        },
      );
      exited = exitWatch(site);
      const port = Number(new URL(site.url).port);
      if (workers > 1) await until(() => logged(site!, "worker ready").length === workers, "the workers ready");

      // Kept alive, as a browser or a balancer keeps them: used once before the signal.
      const reused = keptAliveConnection(port);
      const first = await reused.get("/healthz");
      expect(first.status).toBe(200);
      expect(first.headers.connection).toBe("keep-alive");
      // In flight when the signal comes: each has reached a worker, which waits for the rest of the form.
      const forms = Array.from({ length: 6 }, (_, index) =>
        halfSentForm(port, `in-flight-${workers}-${index}@example.com`, `198.51.100.${10 + index}`),
      );
      await Promise.all(forms.map((form) => form.connected));

      signal(site);
      // Every process serving has heard it: the primary's word reaches the workers at once.
      await until(() => logged(site!, "shutting down").length === (workers > 1 ? workers + 1 : 1), "every process shutting down");

      // Readiness fails at once, whichever worker answers; /healthz still says the process is alive.
      for (let index = 0; index < 4; index++) {
        const ready = await send(port, "/readyz");
        expect(ready.status).toBe(503);
        expect(JSON.parse(ready.text)).toEqual({ status: "shutting down" });
      }
      expect((await send(port, "/healthz")).status).toBe(200);

      // Connections still accepted during the delay, and their answers close them.
      const arriving = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          index % 2 === 0
            ? send(port, "/courses")
            : send(port, "/newsletter", {
                method: "POST",
                body: new URLSearchParams({ email: `during-delay-${workers}-${index}@example.com` }).toString(),
                headers: { "X-Forwarded-For": `198.51.100.${30 + index}` },
              }),
        ),
      );
      for (const answer of arriving) {
        expect(answer.status).toBe(200);
        expect(answer.headers.connection).toBe("close");
      }
      // A kept-alive connection used now gets its answer, told to close, and is closed by the server.
      const last = await reused.get("/healthz");
      expect(last.status).toBe(200);
      expect(last.headers.connection).toBe("close");
      await until(() => reused.closedByServer, "the server closing the kept-alive connection");

      // A second signal ends the delay (an operator's second Ctrl-C): the listener closes while the forms are still under way.
      signal(site);
      await until(() => logged(site!, "no longer accepting connections").length === workers, "the listener closed");
      await expect(send(port, "/courses")).rejects.toMatchObject({ code: "ECONNREFUSED" });
      for (const form of forms) form.finish();
      for (const { answer } of forms) {
        const { status, headers, text } = await answer;
        expect(status).toBe(200);
        expect(headers.connection).toBe("close");
        expect(visibleText(text)).toContain("Thank you!");
      }
      expect(await site.exited).toBe(0);

      const stored = site.database.open();
      try {
        const rows = await stored.db.selectFrom("newsletter_subscriptions").select("email").execute();
        const emails = rows.map((row) => row.email);
        for (const { email } of forms) expect(emails).toContain(email);
        for (const index of [1, 3, 5]) expect(emails).toContain(`during-delay-${workers}-${index}@example.com`);
      } finally {
        await stored.close();
      }
    },
  );
});

describe("a request that never finishes", () => {
  it(
    "does not hold the instance past SHUTDOWN_TIMEOUT_MS: its connection is closed and the instance exits 1",
    { timeout: 60_000 },
    async () => {
      const site = await startSite({ WEB_CONCURRENCY: "2", TRUST_PROXY: "1", SHUTDOWN_TIMEOUT_MS: "2000" }, "sqlite", {
        ownProcessGroup: true,
      });
      const exited = exitWatch(site);
      try {
        await until(() => logged(site, "worker ready").length === 2, "the workers ready");
        const stuck = halfSentForm(Number(new URL(site.url).port), "never-finished@example.com", "198.51.100.60");
        await stuck.connected;
        process.kill(-site.pid, "SIGTERM");
        await expect(stuck.answer).rejects.toThrow();
        expect(await site.exited).toBe(1);
        expect(logged(site, "requests under way did not finish within SHUTDOWN_TIMEOUT_MS")).toHaveLength(1);
      } finally {
        if (!exited()) process.kill(-site.pid, "SIGKILL");
        await site.exited;
        await site.database.drop();
      }
    },
  );
});

describe("a connection that never sends a request (a browser's preconnect)", () => {
  it(
    "does not hold the instance until SHUTDOWN_TIMEOUT_MS: it is closed after a short grace and the instance exits 0",
    { timeout: 60_000 },
    async () => {
      const site = await startSite({ WEB_CONCURRENCY: "2", SHUTDOWN_TIMEOUT_MS: "30000" }, "sqlite", { ownProcessGroup: true });
      const exited = exitWatch(site);
      try {
        await until(() => logged(site, "worker ready").length === 2, "the workers ready");
        const silent = connect(Number(new URL(site.url).port), "127.0.0.1");
        let closedByServer = false;
        silent.on("end", () => (closedByServer = true));
        silent.on("error", () => {});
        await new Promise((resolve) => silent.once("connect", resolve));
        process.kill(-site.pid, "SIGTERM");
        // Without the grace it would wait out the 30 s and exit 1.
        expect(await site.exited).toBe(0);
        expect(closedByServer).toBe(true);
        expect(logged(site, "requests under way did not finish within SHUTDOWN_TIMEOUT_MS")).toHaveLength(0);
      } finally {
        if (!exited()) process.kill(-site.pid, "SIGKILL");
        await site.exited;
        await site.database.drop();
      }
    },
  );
});

/**
 * A TCP load balancer with active health checks, as nginx or haproxy run them: it asks each
 * instance's /readyz every 100 ms on a connection of its own, and sends new connections, in turn,
 * only to instances whose last answer was 200. A connection it cannot place, or whose instance
 * refuses it, is closed: the client sees an error (nginx would try the next instance).
 */
async function healthCheckingBalancer() {
  const healthy = new Map<number, boolean>();
  /** Connections an instance refused: it had closed its listener before the balancer noticed it was not ready. */
  const refused: string[] = [];
  let next = 0;
  const check = (port: number) =>
    send(port, "/readyz").then(
      (answer) => answer.status === 200,
      () => false,
    );
  const checks = setInterval(() => {
    for (const port of healthy.keys()) void check(port).then((up) => healthy.has(port) && healthy.set(port, up));
  }, 100);
  const server: Server = createServer((client) => {
    const up = [...healthy].filter(([, ok]) => ok).map(([port]) => port);
    if (up.length === 0) return client.destroy();
    const port = up[next++ % up.length]!;
    const upstream = connect(port, "127.0.0.1");
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED") refused.push(`instance ${port} refused a connection`);
      client.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    refused,
    /** Checked before it gets connections, as a balancer brings a new instance in. */
    async add(port: number) {
      healthy.set(port, await check(port));
      await until(() => healthy.get(port) === true, `instance ${port} healthy`);
    },
    remove: (port: number) => healthy.delete(port),
    close() {
      clearInterval(checks);
      server.close();
    },
  };
}

describe("a rolling restart of two instances behind a balancer that checks /readyz", () => {
  // Two instances share one database: PostgreSQL when this run has it, else one SQLite file.
  const engine = engines.includes("postgres") ? "postgres" : "sqlite";
  let database: TestDatabase | undefined;
  afterAll(() => database?.drop());

  it(`answers every request while each instance in turn is stopped and replaced (${engine})`, { timeout: 240_000 }, async () => {
    database = await createTestDatabase(engine);
    const balancer = await healthCheckingBalancer();
    const env = {
      ...database.env,
      PUBLIC_URL: `http://127.0.0.1:${balancer.port}`,
      TRUST_PROXY: "1",
      // One process each, to keep the test quick: the tests above stop two workers the same way.
      WEB_CONCURRENCY: "1",
      // Thirty of the balancer's checks: enough for it to notice on a busy machine.
      SHUTDOWN_DELAY_MS: "3000",
    };
    const started: Array<{ instance: RunningServer; exited: () => boolean }> = [];
    const startInstance = async () => {
      const instance = await startServer(env, { ownProcessGroup: true });
      started.push({ instance, exited: exitWatch(instance) });
      await balancer.add(Number(new URL(instance.url).port));
      return instance;
    };

    // The load: clients each sending one request after another, half on kept-alive connections.
    const failures: string[] = [];
    const acknowledged: string[] = [];
    let answered = 0;
    let loading = true;
    let sent = 0;
    const load = async (client: number) => {
      const agent = client % 2 === 0 ? new Agent({ keepAlive: true, maxSockets: 1 }) : false;
      while (loading) {
        const index = sent++;
        const email = `rolling-${engine}-${index}@example.com`;
        const signUp = index % 3 === 0;
        try {
          const answer = await send(balancer.port, signUp ? "/newsletter" : "/courses", {
            agent,
            ...(signUp ? { method: "POST", body: new URLSearchParams({ email }).toString() } : {}),
            headers: { "X-Forwarded-For": `10.1.${(index >> 8) & 255}.${index & 255}` },
          });
          if (answer.status !== 200) failures.push(`${answer.status} for request ${index}`);
          else if (signUp) acknowledged.push(email);
          answered++;
        } catch (error) {
          failures.push(`request ${index}: ${String(error)}`);
        }
      }
      if (agent) agent.destroy();
    };
    const underLoad = async (what: string) => {
      const before = answered;
      await until(() => answered > before + 20, what);
    };

    let clients: Array<Promise<void>> = [];
    try {
      // One after the other: the first applies the migrations (two SQLite processes migrating at once would wait on each other's lock).
      const running = [await startInstance(), await startInstance()];
      clients = Array.from({ length: 8 }, (_, client) => load(client));
      for (const position of [0, 1]) {
        const old = running[position]!;
        await underLoad("answers before the restart");
        // As systemd stops a service: SIGTERM to every process of the instance.
        process.kill(-old.pid, "SIGTERM");
        expect(await old.exited).toBe(0);
        balancer.remove(Number(new URL(old.url).port));
        running[position] = await startInstance();
      }
      await underLoad("answers after both restarts");
      loading = false;
      await Promise.all(clients);

      expect(balancer.refused).toEqual([]);
      expect(failures).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(0);
      const handle = database.open();
      try {
        const rows = await handle.db.selectFrom("newsletter_subscriptions").select("email").execute();
        const stored = new Set(rows.map((row) => row.email));
        expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
      } finally {
        await handle.close();
      }
      for (const instance of running) expect(await instance.stop()).toBe(0);
    } finally {
      loading = false;
      await Promise.all(clients);
      balancer.close();
      // A test that failed midway must not leave instances running.
      for (const { instance, exited } of started) if (!exited()) process.kill(-instance.pid, "SIGKILL");
      await Promise.all(started.map(({ instance }) => instance.exited));
    }
  });
});

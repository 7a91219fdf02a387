import { readFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../setup/databases.ts";
import { visibleText } from "../setup/html.ts";
import { postFeedbackAs } from "../setup/feedback.ts";
import { startServer, type RunningServer } from "../setup/server.ts";
import { pause, until } from "../setup/waiting.ts";

type RunningSite = RunningServer & { database: TestDatabase };

/** The process ids of the workers that said they serve, in order. */
const listeningWorkers = (site: RunningSite) => site.logs.filter((entry) => entry.msg === "worker ready").map((entry) => Number(entry.pid));

/** A page fetched on a connection of its own, which any worker may accept. */
const fetchAlone = (url: string, init: RequestInit = {}) => fetch(url, { ...init, headers: { Connection: "close", ...init.headers } });

/**
 * A GET on a connection of its own: `connected` once the kernel has completed the connection (the
 * site may not have accepted it yet), `answer` with the status.
 */
function requestOnConnectionOfItsOwn(url: string) {
  const connected = Promise.withResolvers<void>();
  const answer = new Promise<number>((resolve, reject) => {
    const outgoing = httpRequest(url, { agent: false, headers: { Connection: "close" }, timeout: 20_000 }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode!));
      response.on("error", reject);
    });
    outgoing.on("socket", (socket) => socket.once("connect", () => connected.resolve()));
    outgoing.on("timeout", () => outgoing.destroy(new Error("no answer within 20 s")));
    outgoing.on("error", reject);
    outgoing.end();
  });
  return { connected: connected.promise, answer };
}

/** The id of the answer to a GET sent through `agent` (which keeps its connections alive). */
function requestIdOf(url: string, agent: Agent) {
  return new Promise<string>((resolve, reject) => {
    httpRequest(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(String(response.headers["x-request-id"])));
      response.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/** Workers the primary says accept connections themselves (from their copies of the listening socket). */
const acceptingWorkers = (site: RunningSite) =>
  site.logs.filter((entry) => entry.msg === "a worker accepts connections itself").map((entry) => Number(entry.pid));

/** The workers (by process id) that logged serving `path`. */
const servedBy = (site: RunningSite, path: string) =>
  new Set(site.logs.filter((entry) => entry.msg === "request" && entry.path === path).map((entry) => Number(entry.pid)));

/**
 * Asks for `path` 40 times at once, and again until both workers have served it: the kernel gives
 * each connection to whichever worker asks first, and one may take a whole round.
 */
async function askUntilBothServe(site: RunningSite, path: string) {
  await until(async () => {
    const pages = await Promise.all(
      Array.from({ length: 40 }, () => fetchAlone(`${site.url}${path}`, { signal: AbortSignal.timeout(10_000) })),
    );
    expect(pages.map((response) => response.status)).toEqual(pages.map(() => 200));
    await Promise.all(pages.map((response) => response.arrayBuffer()));
    return servedBy(site, path).size === 2;
  }, "both workers serving");
}

describe.each(engines)("two workers on %s", (engine) => {
  const databases: TestDatabase[] = [];
  afterAll(() => Promise.all(databases.map((database) => database.drop())));

  async function startTwoWorkers(): Promise<RunningSite> {
    const database = await createTestDatabase(engine);
    databases.push(database);
    const site = { ...(await startServer({ ...database.env, WEB_CONCURRENCY: "2", TRUST_PROXY: "1" })), database };
    await until(() => listeningWorkers(site).length === 2, "two workers listening");
    return site;
  }

  it("share the port: both serve pages, and a change made through one shows on the other's kept pages", async () => {
    const site = await startTwoWorkers();
    try {
      const [a, b] = listeningWorkers(site);
      expect(a).not.toBe(b);
      // Migrations ran once, in the primary, before the workers started.
      expect(site.logs.filter((entry) => entry.msg === "library catalogue seed applied")).toHaveLength(1);

      await askUntilBothServe(site, "/feedback");
      // Both keep the wall now.
      let kept = 0;
      for (let attempt = 0; attempt < 100 && kept < 10; attempt++) {
        const response = await fetchAlone(`${site.url}/feedback`);
        await response.arrayBuffer();
        kept = response.headers.get("x-page-cache") === "hit" ? kept + 1 : 0;
      }
      expect(kept).toBe(10);

      const comment = `Posted to one of two workers (${engine}).`;
      expect((await postFeedbackAs(site.url, "198.51.100.61", comment, "Lakshmi V")).status).toBe(303);
      // Every next request shows it, whichever worker answers.
      for (let index = 0; index < 10; index++) {
        expect(visibleText(await (await fetchAlone(`${site.url}/feedback`)).text()), `request ${index}`).toContain(comment);
      }
    } finally {
      expect(await site.stop()).toBe(0);
    }
  });

  it("replace a worker that crashes, and the site keeps answering", async () => {
    const site = await startTwoWorkers();
    try {
      const [crashed] = listeningWorkers(site);
      process.kill(crashed!, "SIGKILL");
      await until(() => site.logs.some((entry) => entry.msg === "a worker stopped unexpectedly; starting another"), "the crash noticed");
      await until(() => listeningWorkers(site).length === 3, "a new worker listening");
      const replacement = listeningWorkers(site)[2];
      expect(replacement).not.toBe(crashed);
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetchAlone(`${site.url}/courses`)));
      expect(answers.map((response) => response.status)).toEqual(answers.map(() => 200));
    } finally {
      expect(await site.stop()).toBe(0);
    }
  });

  it("accept connections themselves, a replacement for a crashed one too: with the primary stopped, new connections are still served by both", async () => {
    const site = await startTwoWorkers();
    const [crashed, survivor] = listeningWorkers(site);
    await until(() => acceptingWorkers(site).length === 2, "both workers accepting");
    process.kill(crashed!, "SIGKILL");
    await until(() => listeningWorkers(site).length === 3, "a new worker listening");
    const replacement = listeningWorkers(site)[2]!;
    // Its copies were lent by the survivor through the primary: the socket was never closed.
    await until(() => acceptingWorkers(site).includes(replacement), "the replacement accepting");
    process.kill(site.pid, "SIGSTOP");
    try {
      await askUntilBothServe(site, "/courses");
      expect([...servedBy(site, "/courses")].sort()).toEqual([survivor, replacement].sort());
    } finally {
      process.kill(site.pid, "SIGCONT");
      expect(await site.stop()).toBe(0);
    }
  });

  it("share a crowd of kept-alive connections that one worker took whole: soon each serves about half", async () => {
    const site = await startTwoWorkers();
    const [first, second] = listeningWorkers(site);
    await until(() => acceptingWorkers(site).length === 2, "both workers accepting");
    const crowd = 40;
    const agent = new Agent({ keepAlive: true, maxSockets: crowd });
    /** Each of the crowd asks once, on the connections the agent keeps: which worker answered each. */
    const askOnce = async () => {
      const ids = await Promise.all(Array.from({ length: crowd }, () => requestIdOf(`${site.url}/courses`, agent)));
      await until(() => ids.every((id) => site.logs.some((entry) => entry.requestId === id)), "the answers logged");
      return ids.map((id) => Number(site.logs.find((entry) => entry.requestId === id)!.pid));
    };
    // The second worker stopped while the crowd connects: the first takes every connection.
    process.kill(second!, "SIGSTOP");
    try {
      expect(new Set(await askOnce())).toEqual(new Set([first]));
    } finally {
      process.kill(second!, "SIGCONT");
    }
    try {
      await until(async () => {
        const answeredBy = await askOnce();
        return Math.min(...[first, second].map((pid) => answeredBy.filter((by) => by === pid).length)) >= crowd * 0.4;
      }, "each worker answering at least 40 % of the crowd");
    } finally {
      agent.destroy();
      expect(await site.stop()).toBe(0);
    }
  });

  it("pass over a worker that dies before taking its copies: the next worker gets its own, and the site still stops", async () => {
    const site = await startTwoWorkers();
    const [crashed, lender] = listeningWorkers(site);
    await until(() => acceptingWorkers(site).length === 2, "both workers accepting");
    // The replacement's copies wait for the lender's loan, and the replacement is stopped before
    // they come: it acknowledges none, and dies while they are being sent.
    process.kill(lender!, "SIGSTOP");
    try {
      process.kill(crashed!, "SIGKILL");
      await until(() => listeningWorkers(site).length === 3, "a replacement ready");
      const dying = listeningWorkers(site)[2]!;
      process.kill(dying, "SIGSTOP");
      process.kill(lender!, "SIGCONT");
      await pause(500);
      process.kill(dying, "SIGKILL");
      await until(() => listeningWorkers(site).length === 4, "another replacement ready");
      const next = listeningWorkers(site)[3]!;
      await until(() => acceptingWorkers(site).includes(next), "the next replacement accepting");
      expect(acceptingWorkers(site)).not.toContain(dying);
    } finally {
      process.kill(lender!, "SIGCONT");
      expect(await site.stop()).toBe(0);
    }
  });

  it("on SIGTERM serve the connections still waiting in the socket when the workers let go of it: the primary closes it last", async () => {
    const site = await startTwoWorkers();
    await until(() => acceptingWorkers(site).length === 2, "both workers accepting");
    const workers = listeningWorkers(site);
    // Stopped workers accept nothing: the connections wait in the socket, more than the workers'
    // copies take in the few turns before they close them.
    for (const pid of workers) process.kill(pid, "SIGSTOP");
    const requests = Array.from({ length: 200 }, () => requestOnConnectionOfItsOwn(`${site.url}/healthz`));
    try {
      // Every connection completed by the kernel, and so waiting in the socket, before the signal.
      await Promise.all(requests.map((request) => Promise.race([request.connected, request.answer])));
      process.kill(site.pid, "SIGTERM");
    } finally {
      for (const pid of workers) process.kill(pid, "SIGCONT");
    }
    const answers = await Promise.allSettled(requests.map((request) => request.answer));
    expect(answers.map((answer) => (answer.status === "fulfilled" ? answer.value : String(answer.reason)))).toEqual(answers.map(() => 200));
    expect(await site.exited).toBe(0);
  });

  it("on SIGTERM finish every request already begun (forms half sent when it comes), store them all, then exit 0", async () => {
    const site = await startTwoWorkers();
    const { port } = new URL(site.url);
    const emails = Array.from({ length: 8 }, (_, index) => `slow-${index}-${engine}@example.com`);
    /** A form whose first bytes are sent now and the rest when `finish` is called. */
    const halfSent = (email: string, index: number) => {
      const body = new URLSearchParams({ email }).toString();
      let finish = () => {};
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port,
            path: "/newsletter",
            method: "POST",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              "Content-Length": Buffer.byteLength(body),
              "X-Forwarded-For": `198.51.100.${100 + index}`,
              Connection: "close",
            },
          },
          (response) => {
            let text = "";
            response.on("data", (chunk: Buffer) => (text += chunk));
            response.on("end", () => resolve({ status: response.statusCode!, text }));
          },
        );
        req.on("error", reject);
        req.write(body.slice(0, 10));
        finish = () => req.end(body.slice(10));
      });
      return { answer, finish: () => finish() };
    };
    const forms = emails.map(halfSent);
    // Each connection has reached a worker, which waits for the rest of its form.
    await pause(300);
    const exited = site.stop();
    await pause(200);
    for (const form of forms) form.finish();
    for (const { status, text } of await Promise.all(forms.map((form) => form.answer))) {
      expect(status).toBe(200);
      expect(visibleText(text)).toContain("Thank you!");
    }
    expect(await exited).toBe(0);
    const stored = site.database.open();
    try {
      const rows = await stored.db.selectFrom("newsletter_subscriptions").select("email").orderBy("email").execute();
      expect(rows.map((row) => row.email)).toEqual([...emails].sort());
    } finally {
      await stored.close();
    }
  });
});

describe("workers' memory settings", () => {
  const databases: TestDatabase[] = [];
  afterAll(() => Promise.all(databases.map((database) => database.drop())));

  /** A worker's environment and command line, as the kernel has them. */
  async function workerStartedWith(env: Record<string, string>) {
    const database = await createTestDatabase("sqlite");
    databases.push(database);
    const site = { ...(await startServer({ ...database.env, ...env, WEB_CONCURRENCY: "2" })), database };
    try {
      await until(() => listeningWorkers(site).length === 2, "two workers listening");
      const pid = listeningWorkers(site)[0]!;
      const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      return { environ, argv };
    } finally {
      await site.stop();
    }
  }

  it("start lean (two malloc arenas, malloc's mapping threshold fixed, a small young generation), each setting the operator's own replaces", async () => {
    const lean = await workerStartedWith({});
    expect(lean.environ).toEqual(expect.arrayContaining(["MALLOC_ARENA_MAX=2", "MALLOC_MMAP_THRESHOLD_=131072"]));
    expect(lean.argv).toEqual(
      expect.arrayContaining(["--max-semi-space-size=8", "--heap-growing-percent=20", "--no-allocation-site-pretenuring"]),
    );

    const own = await workerStartedWith({
      MALLOC_ARENA_MAX: "4",
      MALLOC_MMAP_THRESHOLD_: "262144",
      NODE_OPTIONS: "--max-semi-space-size=16",
    });
    expect(own.environ).toEqual(
      expect.arrayContaining(["MALLOC_ARENA_MAX=4", "MALLOC_MMAP_THRESHOLD_=262144", "NODE_OPTIONS=--max-semi-space-size=16"]),
    );
    expect(own.argv).not.toContain("--max-semi-space-size=8");
    expect(own.argv).toContain("--heap-growing-percent=20");
  });
});

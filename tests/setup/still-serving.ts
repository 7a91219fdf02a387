import { request } from "node:http";
import { expect } from "vitest";
import type { RunningServer } from "./server.ts";
import { pause, until } from "./waiting.ts";

/** The process ids of the processes that said they serve (the workers, or the one process that listens), in order. */
export function listeningProcesses(server: RunningServer): number[] {
  const said = (start: string) => server.logs.filter((entry) => String(entry.msg).startsWith(start)).map((entry) => Number(entry.pid));
  const workers = said("worker ready");
  return workers.length > 0 ? workers : said("listening");
}

/** Waits until the server has logged a line that `matches`. */
export async function logged(server: RunningServer, matches: (entry: Record<string, unknown>) => boolean): Promise<void> {
  await until(() => server.logs.some(matches), "a log line");
}

/** Whether the primary has said a worker stopped (and started another). */
export const workerLost = (server: RunningServer) => server.logs.some((entry) => String(entry.msg).includes("stopped unexpectedly"));

/**
 * The site still answers from the very processes it started with: no worker was replaced (the
 * primary says so when one stops), none stopped. Asked on connections of their own, so that any
 * worker may take them.
 */
export async function expectStillServing(server: RunningServer, processes: number[]) {
  const answers = await Promise.all(
    Array.from({ length: 2 * processes.length + 2 }, () => fetch(`${server.url}/healthz`, { headers: { Connection: "close" } })),
  );
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  await Promise.all(answers.map((answer) => answer.arrayBuffer()));
  // A process ended by an error is noticed by the primary within moments; give it those.
  await pause(300);
  expect(workerLost(server), "a worker stopped unexpectedly").toBe(false);
  expect(server.logs.filter((entry) => Number(entry.level) >= 60)).toEqual([]);
  expect(listeningProcesses(server)).toEqual(processes);
  // Workers log their process id; a process serving alone does not (it would have stopped answering above).
  for (const pid of processes.filter(Number.isInteger)) expect(() => process.kill(pid, 0), `process ${pid}`).not.toThrow();
}

/**
 * A request whose client goes away: it sends the head and the first `sentBytes` of `body` (all of it
 * by default), then destroys its connection without reading an answer: after `afterMs`, or once
 * `goneWhen` holds (the server has reached the step the test wants to cut).
 */
export function requestThenVanish(
  url: string,
  {
    method = "POST",
    headers,
    body,
    sentBytes = body.length,
    afterMs = 300,
    goneWhen,
  }: {
    method?: string;
    headers: Record<string, string>;
    body: Uint8Array;
    sentBytes?: number;
    afterMs?: number;
    goneWhen?: () => boolean;
  },
): Promise<void> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const outgoing = request({
      host: target.hostname,
      port: target.port,
      path: target.pathname + target.search,
      method,
      headers: { "Content-Length": String(body.length), ...headers },
      agent: false,
    });
    outgoing.on("error", () => {});
    const vanish = () => {
      outgoing.destroy();
      resolve();
    };
    outgoing.write(body.subarray(0, sentBytes), () => {
      if (goneWhen) until(goneWhen, "the moment to go").then(vanish, vanish);
      else setTimeout(vanish, afterMs);
    });
  });
}

/** A GET whose client reads the first bytes of the answer, then destroys its connection. Resolves with the status seen. */
export function readThenVanish(url: string, headers: Record<string, string> = {}): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: target.hostname, port: target.port, path: target.pathname, headers, agent: false }, (response) => {
      response.once("data", () => {
        outgoing.destroy();
        resolve(response.statusCode!);
      });
    });
    outgoing.on("error", (error) => {
      if (!outgoing.destroyed) reject(error);
    });
    outgoing.end();
  });
}

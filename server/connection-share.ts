// Each worker's share of the instance's connections (docs/decisions/025-workers-share-the-connections.md).
// The kernel gives a new connection to whichever worker asks first, and a crowd's connections
// arrive together: on two cores shared with other work, one worker often took all 50 of a class's
// keep-alive connections and served them alone while the other idled. So each worker tells the
// primary how many connections it holds, hears how many the others hold, and a worker holding
// more than its share closes the surplus after their next answer (`Connection: close`): the
// client opens another, which the less busy worker, waiting in accept, is the likelier to take.
import type { Socket } from "node:net";

/** A worker tells the primary its count at most this often: a crowd changes it by hundreds in a second. */
const reportEveryMs = 50;

/**
 * How often a worker weighs its share. It lets connections go only for a surplus it had at two
 * weighings in a row: while a crowd arrives, every worker's count of the others is behind, and
 * letting go at once sent 500 connections back and forth for seconds (p99 of the course page 696
 * ms instead of 200-300).
 */
const weighEveryMs = 250;

/**
 * How many connections past an even share a worker holds, beyond a few or a twentieth of the
 * share: counts heard from the others are up to `reportEveryMs` old, and a connection let go
 * may come back to the same worker.
 */
export function surplus(own: number, others: number, workers: number): number {
  if (workers < 2) return 0;
  const even = (own + others) / workers;
  const slack = Math.max(2, even / 20);
  return Math.max(0, Math.floor(own - even - slack));
}

export interface SharesHeard {
  /** Connections the other workers hold, as they last told the primary. */
  others: number;
  /** Workers serving, this one included. */
  workers: number;
}

/** The worker's side: its count, what it heard of the others, and which connections to let go. */
export function connectionShare(report: (open: number) => void) {
  let own = 0;
  let heard: SharesHeard = { others: 0, workers: 1 };
  /** Connections told to close after their answer, not closed yet. */
  let closing = 0;
  const letGo = new WeakSet<Socket>();
  let reported = 0;
  let reportDue: NodeJS.Timeout | undefined;
  let surplusBefore = 0;
  /** Connections still to let go, of the surplus found at the last two weighings. */
  let toLetGo = 0;

  const reportSoon = () => {
    reportDue ??= setTimeout(() => {
      reportDue = undefined;
      if (own !== reported) {
        reported = own;
        report(own);
      }
    }, reportEveryMs).unref();
  };
  setInterval(() => {
    // Those let go come back as new connections, to this worker or another: the total stays.
    const now = Math.max(0, surplus(own, heard.others, heard.workers) - closing);
    toLetGo = Math.min(now, surplusBefore);
    surplusBefore = now;
  }, weighEveryMs).unref();

  return {
    /** A connection this worker serves opened (`+1`) or closed (`-1`). */
    changed(by: 1 | -1) {
      own += by;
      reportSoon();
    },
    heard(shares: SharesHeard) {
      heard = shares;
    },
    /** Whether the answer about to go on `socket` should close it, the worker holding more than its share. */
    letsGo(socket: Socket): boolean {
      if (letGo.has(socket)) return true;
      if (toLetGo === 0) return false;
      toLetGo -= 1;
      letGo.add(socket);
      closing += 1;
      socket.once("close", () => (closing -= 1));
      return true;
    },
  };
}

/** The primary's side: each worker's count, and for each, what the others hold. */
export function connectionShares<Worker>(tell: (worker: Worker, shares: SharesHeard) => void) {
  const counts = new Map<Worker, number>();
  /** Tells every worker but `reporter`, whose own report does not change what the others hold. */
  const tellAll = (reporter?: Worker) => {
    let total = 0;
    for (const count of counts.values()) total += count;
    for (const [worker, count] of counts) if (worker !== reporter) tell(worker, { others: total - count, workers: counts.size });
  };
  return {
    /** A worker ready to serve, holding nothing yet. */
    joined(worker: Worker) {
      counts.set(worker, 0);
      tellAll();
    },
    reported(worker: Worker, open: number) {
      if (!counts.has(worker)) return;
      counts.set(worker, open);
      tellAll(worker);
    },
    left(worker: Worker) {
      if (counts.delete(worker)) tellAll();
    },
  };
}

// The background deliverer: forwards the messages of an outbox until each is sent or given up.
// Any number of instances may run one on the same database; each message is claimed by one.
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "#app/lib/db/schema.ts";
import {
  claimDueMessages,
  markFailed,
  markRetry,
  markSent,
  recordAttempt,
  type ClaimedMessage,
  type OutboxTable,
} from "./delivery-queue.server.ts";
import { afterTemporaryFailure } from "./retry-schedule.ts";
import { redactSecrets, type DeliveryOutcome, type Transport } from "./transport.ts";

export interface DelivererOptions<T extends OutboxTable = "contact_messages"> {
  db: Kysely<Database>;
  /** The contact outbox unless told otherwise. Only contact messages keep a record of each attempt, for staff. */
  outbox?: T;
  transport: Transport<ClaimedMessage<T>>;
  logger: Logger;
  /** PostgreSQL locks the rows it claims; SQLite needs no lock beyond its write lock. */
  postgres: boolean;
  /** Messages claimed and sent together. */
  batchSize?: number;
  /** How long a claim holds: longer than any attempt can take (the transports time out after 10–15 s). */
  leaseMs?: number;
  /** The clock: tests move it instead of waiting. */
  now?: () => Date;
  /** Jitter for the retry delays. */
  random?: () => number;
}

const defaults = { outbox: "contact_messages" as const, batchSize: 5, leaseMs: 5 * 60 * 1000, now: () => new Date(), random: Math.random };

/** Why a transport threw instead of answering: still a temporary failure. */
const thrown = (error: unknown): DeliveryOutcome => ({
  ok: false,
  permanent: false,
  detail: error instanceof Error ? error.message : String(error),
});

const nouns: Record<OutboxTable, string> = {
  contact_messages: "contact message",
  account_mails: "account mail",
  mentorship_mails: "mentorship mail",
};

async function deliverOne<T extends OutboxTable>(options: Required<DelivererOptions<T>>, message: ClaimedMessage<T>) {
  const { db, outbox, transport, logger, now, random } = options;
  const attempt = message.attempts + 1;
  const outcome = await transport.deliver(message).catch(thrown);
  const detail = redactSecrets(outcome.detail, transport.secrets);
  const at = now();
  const next =
    outcome.ok || outcome.permanent
      ? undefined
      : afterTemporaryFailure({ createdAt: new Date(message.created_at), failedAttempts: attempt, now: at }, random);
  const gaveUp = next?.giveUp ? `Gave up after 24 hours of trying. Last error: ${detail}` : undefined;
  // The attempt and the message's new state land together: no "sent" attempt beside a message still being sent.
  const claim = { ...message, table: outbox };
  const kept = await db.transaction().execute(async (trx) => {
    if (outbox === "contact_messages")
      await recordAttempt(trx, { messageId: message.id, at, outcome: outcome.ok ? "sent" : "failed", detail });
    if (outcome.ok) return markSent(trx, claim, { at, attempts: attempt });
    if (next && !next.giveUp) return markRetry(trx, claim, { attempts: attempt, nextAttemptAt: next.nextAttemptAt, error: detail });
    return markFailed(trx, claim, { attempts: attempt, error: gaveUp ?? detail });
  });

  const logged = { messageId: message.id, attempt, transport: transport.name };
  const noun = nouns[outbox];
  if (outcome.ok) logger.info(logged, `${noun} delivered`);
  else if (next && !next.giveUp)
    logger.warn({ ...logged, error: detail, nextAttemptAt: next.nextAttemptAt.toISOString() }, `${noun} not delivered; will try again`);
  else logger.warn({ ...logged, error: gaveUp ?? detail }, `${noun} could not be delivered`);
  // Our claim ran out while sending and another deliverer took the message over: it decides now.
  if (!kept) logger.warn({ messageId: message.id, attempt }, `${noun} claim expired during the attempt`);
}

/**
 * Claims and delivers due messages, batch after batch, until none is due (or `stopping` says so).
 * Returns how many attempts were made.
 */
export async function deliverDueMessages<T extends OutboxTable = "contact_messages">(
  options: DelivererOptions<T>,
  stopping: () => boolean = () => false,
): Promise<number> {
  const settings = { ...defaults, ...options } as Required<DelivererOptions<T>>;
  let attempts = 0;
  while (!stopping()) {
    const now = settings.now();
    const claimed = await claimDueMessages(settings.db, {
      now,
      claimedUntil: new Date(now.getTime() + settings.leaseMs),
      limit: settings.batchSize,
      postgres: settings.postgres,
      table: settings.outbox,
    });
    if (claimed.length === 0) break;
    // Settled, not Promise.all: one failed database write must not leave its siblings running unseen.
    const results = await Promise.allSettled(claimed.map((message) => deliverOne(settings, message)));
    const failure = results.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
    attempts += claimed.length;
  }
  return attempts;
}

export interface Deliverer {
  /** Looks for due messages now instead of at the next poll: one was just stored. */
  wake(): void;
  /** Lets an attempt in flight finish and record, then stops; no timer is left behind. */
  stop(): Promise<void>;
}

/** Starts polling at once and then every `pollIntervalMs`. */
export function startDeliverer<T extends OutboxTable = "contact_messages">(
  options: DelivererOptions<T> & { pollIntervalMs?: number },
): Deliverer {
  const { pollIntervalMs = 3000, ...delivery } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;

  const schedule = (delayMs: number) => {
    // Not unref'd on purpose: close() must stop the deliverer, and a forgotten timer keeps the process alive where tests see it.
    timer = setTimeout(run, delayMs);
  };
  function run() {
    timer = undefined;
    round = deliverDueMessages(delivery, () => stopped)
      .then(
        () => undefined,
        (err: unknown) => options.logger.error({ err }, "deliverer: could not read or update the outbox"),
      )
      .finally(() => {
        round = undefined;
        if (!stopped) schedule(pollIntervalMs);
      });
  }
  schedule(0);

  return {
    wake() {
      // A round in progress claims again until nothing is due, so it takes what was stored meanwhile
      // (a message stored just after its last look waits for the next poll).
      if (stopped || round) return;
      clearTimeout(timer);
      run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await round;
    },
  };
}

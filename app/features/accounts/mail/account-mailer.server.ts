// Mails to people about their account (links to confirm a registration, reset a password, confirm
// a new address). With SMTP_URL they go through an outbox like contact messages: stored with what
// they are about, then delivered and retried in the background. Without it they are written to
// the log, where the operator of a site without mail can find the link for the person.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { site } from "#app/content/site.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { consumeRateLimit, refundRateLimit } from "#app/lib/http/rate-limit.server.ts";
import { mailSender, type Config } from "#app/lib/config/env.server.ts";
import { startDeliverer, type Deliverer } from "#app/lib/outbox/deliverer.server.ts";
import { smtpOutboxTransport } from "#app/lib/outbox/smtp.server.ts";
import { ACCOUNT_MAIL_WINDOW_MINUTES, ACCOUNT_MAILS_PER_RECIPIENT } from "../limits.ts";

export interface AccountMail {
  recipient: string;
  subject: string;
  text: string;
}

export interface AccountMailer {
  /**
   * A mail answering a form (a link, or "you already have an account"), within the recipient's
   * allowance, in a transaction of its own, delivered once committed. Within the allowance,
   * `compose` runs (issuing the link the mail carries, or deciding that no mail is due: null,
   * which then costs the allowance nothing) and the mail is stored together with that link.
   * Beyond it, nothing is issued or sent; the caller answers the same, so the page tells nobody.
   */
  sendAnswer(
    db: Kysely<Database>,
    recipient: string,
    compose: (trx: Kysely<Database>) => Promise<AccountMail | null>,
    logger: Logger,
  ): Promise<void>;
  /**
   * A notice of a change the account's owner just made with a mailed link (a new password or
   * address), queued in the caller's transaction. Not counted and never withheld: those links
   * are within the allowance already, and a notice withheld could hide a takeover.
   */
  queueNotice(db: Kysely<Database>, mail: AccountMail, logger: Logger): Promise<void>;
  /** Delivers what was queued now rather than at the next poll; call once the transaction committed. */
  wake(): void;
  stop(): Promise<void>;
}

type Store = AccountMailer["queueNotice"];

/** Puts mails in the outbox (or the log), answers only within their recipient's allowance. */
function queueing(store: Store, wake: () => void): Omit<AccountMailer, "stop"> {
  return {
    async sendAnswer(db, recipient, compose, logger) {
      const key = `account-mail:${recipient.trim().toLowerCase()}`;
      await db.transaction().execute(async (trx) => {
        const allowance = await consumeRateLimit(trx, {
          key,
          limit: ACCOUNT_MAILS_PER_RECIPIENT,
          windowSeconds: ACCOUNT_MAIL_WINDOW_MINUTES * 60,
        });
        if (!allowance.allowed) return;
        const mail = await compose(trx);
        // Counted first so that two requests at once cannot both take the last mail; taken back
        // when none was due, or naming an address (as a new address for one's own account, say)
        // would use up its owner's allowance without a mail.
        if (mail) await store(trx, mail, logger);
        else await refundRateLimit(trx, key);
      });
      wake();
    },
    queueNotice: store,
    wake,
  };
}

export function createAccountMailer(config: Config, db: Kysely<Database>, logger: Logger): AccountMailer {
  if (!config.SMTP_URL) {
    return {
      ...queueing(
        async (_db, mail, requestLogger) => {
          requestLogger.warn(
            { recipient: mail.recipient, subject: mail.subject, text: mail.text },
            "account mail not sent: SMTP_URL is not set, so it is written here",
          );
        },
        () => {},
      ),
      async stop() {},
    };
  }
  const deliverer: Deliverer = startDeliverer({
    db,
    outbox: "account_mails",
    transport: smtpOutboxTransport<Database["account_mails"]>(
      config.SMTP_URL,
      { name: site.brand, address: mailSender(config) },
      "account",
    ),
    logger: logger.child({ component: "account-mail-deliverer" }),
    postgres: Boolean(config.DATABASE_URL),
  });
  return {
    ...queueing(
      async (trx, mail) => {
        const now = new Date().toISOString();
        await trx
          .insertInto("account_mails")
          .values({ id: randomUUID(), ...mail, created_at: now, status: "pending", attempts: 0, next_attempt_at: now })
          .execute();
      },
      () => deliverer.wake(),
    ),
    stop: () => deliverer.stop(),
  };
}

/** Settled mails, and any a day old: their text holds a link, and nobody reads them afterwards. */
export async function pruneAccountMails(db: Kysely<Database>, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  await db
    .deleteFrom("account_mails")
    .where((eb) => eb.or([eb("status", "in", ["sent", "failed"]), eb("created_at", "<", dayAgo)]))
    .execute();
}

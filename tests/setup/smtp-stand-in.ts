import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { freePort } from "./free-port.ts";

/** One mail as the stand-in received it: envelope, headers (names in lower case) and decoded text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Map<string, string>;
  text: string;
  /** The whole message as sent (a multipart mail's parts, an invitation's text/calendar among them). */
  raw: string;
}

/** What the next mail meets: accepted, refused (451 temporary, 550 permanent), a refused login, or held until released. */
export type SmtpBehaviour =
  | { kind: "accept" }
  | { kind: "refuse"; code: 451 | 550; message: string }
  | { kind: "refuse-login"; message: (password: string) => string }
  | { kind: "hold" };

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Enough MIME for nodemailer's single-part text mails. */
function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = headers.get("content-transfer-encoding")?.toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { from, to, headers, text: text.replace(/\r\n/g, "\n").replace(/\n$/, ""), raw };
}

/**
 * A local SMTP server standing in for the college's mail server: records what it receives,
 * and does what the test tells it next (refuse, refuse the login, hold, be down).
 */
export async function startSmtpStandIn({
  user = "site",
  password = "s3cret-Pa55/word",
  port: givenPort,
}: { user?: string; password?: string; port?: number } = {}) {
  const port = givenPort ?? (await freePort());
  const received: ReceivedMail[] = [];
  let behaviour: SmtpBehaviour = { kind: "accept" };
  let releaseHeld: Array<(answer: SmtpBehaviour) => void> = [];
  let holdWaiters: Array<{ count: number; resolve: () => void }> = [];

  const options: SMTPServerOptions = {
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (behaviour.kind === "refuse-login")
        return callback(Object.assign(new Error(behaviour.message(auth.password ?? "")), { responseCode: 535 }));
      if (auth.username !== user || auth.password !== password) return callback(new Error("Wrong user or password"));
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const finish = (current: SmtpBehaviour) => {
          if (current.kind === "refuse") return callback(Object.assign(new Error(current.message), { responseCode: current.code }));
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          received.push(
            parseMail(
              Buffer.concat(chunks).toString("latin1"),
              from,
              session.envelope.rcptTo.map((rcpt) => rcpt.address),
            ),
          );
          callback(null, "Queued by the stand-in");
        };
        if (behaviour.kind !== "hold") return finish(behaviour);
        releaseHeld.push(finish);
        for (const waiter of holdWaiters) if (releaseHeld.length >= waiter.count) waiter.resolve();
        holdWaiters = holdWaiters.filter((waiter) => releaseHeld.length < waiter.count);
      });
    },
  };

  let server: SMTPServer | undefined;
  const up = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer(options);
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
  const down = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = undefined;
      if (!closing) return resolve();
      closing.close(() => resolve());
    });
  await up();

  return {
    port,
    user,
    password,
    /** SMTP_URL for the site, with the credentials (the password percent-encoded). */
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    received,
    /** Mails received with this X-Contact-Message-Id. */
    receivedFor: (messageId: string) => received.filter((mail) => mail.headers.get("x-contact-message-id") === messageId),
    behave(next: SmtpBehaviour) {
      behaviour = next;
    },
    /** Resolves once `count` mails are being held (behaviour "hold"). */
    holding: (count = 1) =>
      new Promise<void>((resolve) => (releaseHeld.length >= count ? resolve() : holdWaiters.push({ count, resolve }))),
    /** Answers the held mails (accepting them) and goes back to accepting. */
    release() {
      behaviour = { kind: "accept" };
      const held = releaseHeld;
      releaseHeld = [];
      for (const finish of held) finish(behaviour);
    },
    /** Answers one held mail (0: the first held) as `answer` says; the others stay held. */
    answerHeld(index: number, answer: SmtpBehaviour) {
      const [finish] = releaseHeld.splice(index, 1);
      finish!(answer);
    },
    /** Closes the port: connections are refused until `up()`. */
    down,
    up,
    close: down,
  };
}

export type SmtpStandIn = Awaited<ReturnType<typeof startSmtpStandIn>>;

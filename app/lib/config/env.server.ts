import { createPrivateKey } from "node:crypto";
import { z } from "zod";

/** Digits only: `Number()` would also accept " ", "0x50" and "1e3". */
const wholeNumber = (message: string) => z.string().trim().regex(/^\d+$/, message).transform(Number);

const portSchema = wholeNumber("must be a whole number between 0 and 65535").pipe(
  z.number().max(65535, "must be a whole number between 0 and 65535"),
);

/** Variables whose values must never be printed (SENTRY_DSN: an old-style DSN also carries a secret key). */
const secretVariables = new Set([
  "DATABASE_URL",
  "OIDC_CLIENT_SECRET",
  "SMTP_URL",
  "CONTACT_ACCESS_KEY",
  "HCAPTCHA_SECRET",
  "GOOGLE_BOOKS_API_KEY",
  "SENTRY_DSN",
  "CREDENTIAL_SIGNING_KEY",
  "TURN_SECRET",
]);

/** A DSN names the project's public key (the URL's user) and ends in the project's id. */
function isSentryDsn(value: string): boolean {
  const url = new URL(value);
  return url.username !== "" && /^\/(.+\/)?\d+$/.test(url.pathname);
}

/** Whether a text is an Ed25519 private key in PEM, as `openssl genpkey -algorithm ed25519` writes it. */
function isEd25519PrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === "ed25519";
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().trim().min(1, "must be a host name or address").default("0.0.0.0"),
  PORT: portSchema.default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  SQLITE_PATH: z.string().min(1).default("data/app.db"),
  MEDIA_DIR: z.string().trim().min(1).default("media"),
  MEDIA_BASE_URL: z
    .url({
      protocol: /^https?$/,
      error: "must be the http(s) address the lesson files are under, like https://cdn.college.example/lessons",
    })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens")
    .optional(),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: "must be the http(s) address of the S3-compatible service, like https://s3.eu-central-1.example.com",
    })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be the public http(s) address of the bucket's files, like https://media.college.example" })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  MAX_UPLOAD_MB: wholeNumber("must be a whole number of megabytes, 1 to 20000")
    .pipe(
      z.number().min(1, "must be a whole number of megabytes, 1 to 20000").max(20_000, "must be a whole number of megabytes, 1 to 20000"),
    )
    .default(2048),
  UPLOAD_QUOTA_MB: wholeNumber("must be a whole number of megabytes, at least 1")
    .pipe(z.number().min(1, "must be a whole number of megabytes, at least 1"))
    .optional(),
  UPLOAD_DISK_RESERVE_MB: wholeNumber("must be a whole number of megabytes (0: only an upload that does not fit is refused)").default(1024),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+)$/, "must be true, false or the number of proxies in front of the app")
    .default("false")
    .transform((value) => (value === "true" ? true : value === "false" ? false : Number(value))),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be the site's address, like https://learn.college.example" })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: "must be the provider's issuer URL" }).optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().trim().min(1).optional(),
  OIDC_ORGANIZATION: z.string().trim().min(1).optional(),
  OIDC_AUTHORIZATION_ENDPOINT: z.url({ error: "must be a URL" }).optional(),
  OIDC_TOKEN_ENDPOINT: z.url({ error: "must be a URL" }).optional(),
  OIDC_LOGOUT_URL: z.url({ error: "must be a URL" }).optional(),
  OIDC_REFRESH_TOKENS: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("true")
    .transform((v) => v === "true"),
  ADMIN_EMAILS: z
    .string()
    .transform((list) =>
      list
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.every((email) => z.email().safeParse(email).success), "must be email addresses separated by commas")
    .default([]),
  OIDC_ROLE_CLAIM: z.string().trim().min(1).optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL, like smtps://user:password@mail.college.example" })
    .optional(),
  CONTACT_TO: z.email({ error: "must be the email address contact messages go to" }).optional(),
  CONTACT_FROM: z.email({ error: "must be the email address the site's mails are sent from" }).optional(),
  CONTACT_FORWARD_URL: z.url({ protocol: /^https?$/, error: "must be the http(s) address of the form service" }).optional(),
  CONTACT_ACCESS_KEY: z.string().trim().min(1).optional(),
  HCAPTCHA_SITEKEY: z.string().trim().min(1).optional(),
  HCAPTCHA_SECRET: z.string().trim().min(1).optional(),
  CHATBOT_SCRIPT_URL: z.url({ protocol: /^https?$/, error: "must be the http(s) address of the chatbot's web-chat script" }).optional(),
  CHATBOT_CONFIG_URL: z
    .url({ protocol: /^https?$/, error: "must be the http(s) address of the chatbot's configuration script" })
    .optional(),
  SENTRY_DSN: z
    .url({ protocol: /^https?$/, error: "must be a Sentry DSN, like https://<public key>@o1.ingest.sentry.io/<project id>", abort: true })
    .refine((dsn) => isSentryDsn(dsn), "must be a Sentry DSN, like https://<public key>@o1.ingest.sentry.io/<project id>")
    .optional(),
  SENTRY_ENVIRONMENT: z.string().trim().min(1).max(64, "must be at most 64 characters").optional(),
  SENTRY_RELEASE: z.string().trim().min(1).max(200, "must be at most 200 characters").optional(),
  SHUTDOWN_TIMEOUT_MS: wholeNumber("must be a whole number of milliseconds").default(20_000),
  /** Unset: 10 s in production (at most half of SHUTDOWN_TIMEOUT_MS), 0 elsewhere (defaultShutdownDelay). */
  SHUTDOWN_DELAY_MS: wholeNumber("must be a whole number of milliseconds").optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber("must be a whole number of milliseconds, at least 100")
    .pipe(z.number().min(100, "must be a whole number of milliseconds, at least 100"))
    .default(5_000),
  REQUEST_TIMEOUT_MS: wholeNumber("must be a whole number of milliseconds, at least 1000")
    .pipe(z.number().min(1000, "must be a whole number of milliseconds, at least 1000"))
    .default(30_000),
  PAGE_CACHE_MB: wholeNumber("must be a whole number of megabytes (0 turns the page cache off)").default(32),
  WEB_CONCURRENCY: wholeNumber("must be a whole number of worker processes, 1 to 64")
    .pipe(
      z
        .number()
        .min(1, "must be a whole number of worker processes, 1 to 64")
        .max(64, "must be a whole number of worker processes, 1 to 64"),
    )
    .optional(),
  /** Signs certificates' Open Badges; unset, one is made once and kept in the database (credential-key.server.ts). */
  CREDENTIAL_SIGNING_KEY: z
    .string()
    .trim()
    // An environment file cannot hold line breaks: "\n" written out stands for one.
    .transform((pem) => pem.replaceAll("\\n", "\n"))
    .refine(isEd25519PrivateKey, "must be an Ed25519 private key in PEM, as `openssl genpkey -algorithm ed25519` writes it")
    .optional(),
  /** Open (future, not cancelled) bookings a student may hold at once. */
  MENTORSHIP_MAX_OPEN_BOOKINGS: wholeNumber("must be a whole number of bookings, 1 to 20")
    .pipe(z.number().min(1, "must be a whole number of bookings, 1 to 20").max(20, "must be a whole number of bookings, 1 to 20"))
    .default(3),
  /** No-shows in the last 90 days after which a student books no more until one of them is older (0: no limit). */
  MENTORSHIP_NO_SHOW_LIMIT: wholeNumber("must be a whole number of no-shows (0 for no limit)").default(3),
  /** STUN and TURN servers for the live rooms, separated by commas: stun:, turn: or turns: addresses. */
  TURN_URLS: z
    .string()
    .transform((list) =>
      list
        .split(",")
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((url) => /^(stun|turn|turns):[^\s/?#]+(:\d+)?(\?transport=(udp|tcp))?$/.test(url)),
      "must be stun:, turn: or turns: addresses separated by commas, like turn:turn.college.example:3478",
    )
    .default([]),
  /** The TURN server's shared secret (coturn's static-auth-secret): the rooms hand out credentials made from it, valid for a few hours. */
  TURN_SECRET: z.string().trim().min(16, "must be at least 16 characters (coturn's static-auth-secret)").optional(),
  GOOGLE_BOOKS_API_KEY: z
    .string()
    .trim()
    .regex(/^[\w-]+$/, "must be an API key: letters, digits, - and _")
    .optional(),
  GOOGLE_BOOKS_URL: z
    .url({ protocol: /^https?$/, error: "must be the http(s) address of the books service's volumes endpoint" })
    .transform((url) => url.replace(/\/+$/, ""))
    .default("https://www.googleapis.com/books/v1/volumes"),
  GOOGLE_BOOKS_TIMEOUT_MS: wholeNumber("must be a whole number of milliseconds between 100 and 60000")
    .pipe(
      z
        .number()
        .min(100, "must be a whole number of milliseconds between 100 and 60000")
        .max(60_000, "must be a whole number of milliseconds between 100 and 60000"),
    )
    .default(5_000),
});

const configSchema = envSchema.superRefine((env, ctx) => {
  if (env.TURN_URLS.some((url) => url.startsWith("turn")) && !env.TURN_SECRET) {
    ctx.addIssue({ code: "custom", path: ["TURN_SECRET"], message: "is required when TURN_URLS names a turn: or turns: server" });
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: "custom",
      path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
      message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together",
    });
  }
  for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_PUBLIC_URL"] as const) {
    if (env[name] && !env.S3_BUCKET) ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: `is required when ${name} is set` });
  }
  if (env.S3_BUCKET && env.MEDIA_BASE_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["MEDIA_BASE_URL"],
      message: "cannot be set with S3_BUCKET: the bucket's files are linked from S3_PUBLIC_URL, or signed",
    });
  }
  if (env.UPLOAD_QUOTA_MB !== undefined && env.UPLOAD_QUOTA_MB < env.MAX_UPLOAD_MB) {
    ctx.addIssue({
      code: "custom",
      path: ["UPLOAD_QUOTA_MB"],
      message: `must be at least MAX_UPLOAD_MB (${env.MAX_UPLOAD_MB}): else the largest video allowed could never be uploaded`,
    });
  }
  if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
    ctx.addIssue({ code: "custom", path: ["OIDC_CLIENT_ID"], message: "is required when OIDC_ISSUER is set" });
  }
  if (env.CONTACT_FORWARD_URL && !env.CONTACT_ACCESS_KEY) {
    ctx.addIssue({ code: "custom", path: ["CONTACT_ACCESS_KEY"], message: "is required when CONTACT_FORWARD_URL is set" });
  }
  if (Boolean(env.HCAPTCHA_SITEKEY) !== Boolean(env.HCAPTCHA_SECRET)) {
    ctx.addIssue({
      code: "custom",
      path: [env.HCAPTCHA_SITEKEY ? "HCAPTCHA_SECRET" : "HCAPTCHA_SITEKEY"],
      message: "HCAPTCHA_SITEKEY and HCAPTCHA_SECRET are set together",
    });
  }
  if (Boolean(env.CHATBOT_SCRIPT_URL) !== Boolean(env.CHATBOT_CONFIG_URL)) {
    const [missing, set] = env.CHATBOT_SCRIPT_URL
      ? ["CHATBOT_CONFIG_URL", "CHATBOT_SCRIPT_URL"]
      : ["CHATBOT_SCRIPT_URL", "CHATBOT_CONFIG_URL"];
    ctx.addIssue({ code: "custom", path: [missing], message: `is required when ${set} is set (the web chat needs both scripts)` });
  }
});

/**
 * Long enough for a load balancer that polls /readyz every 2 to 5 seconds to see two or three
 * failures in a row and stop sending new connections (docs/operations.md, "Stopping and restarting").
 */
const productionShutdownDelayMs = 10_000;

/**
 * Unset in production: 10 s, or half of a shorter SHUTDOWN_TIMEOUT_MS, so that a deployment which
 * set only the timeout (before the delay existed) still starts and keeps half its time for requests.
 */
const defaultShutdownDelay = (env: { NODE_ENV: string; SHUTDOWN_TIMEOUT_MS: number }) =>
  env.NODE_ENV === "production" ? Math.min(productionShutdownDelayMs, Math.floor(env.SHUTDOWN_TIMEOUT_MS / 2)) : 0;

const withShutdownDelay = configSchema.transform((env, ctx) => {
  const delay = env.SHUTDOWN_DELAY_MS ?? defaultShutdownDelay(env);
  if (delay > 0 && delay >= env.SHUTDOWN_TIMEOUT_MS) {
    ctx.addIssue({
      code: "custom",
      path: ["SHUTDOWN_DELAY_MS"],
      message: `must be shorter than SHUTDOWN_TIMEOUT_MS (${env.SHUTDOWN_TIMEOUT_MS}), which counts from the signal and includes the delay`,
    });
  }
  return { ...env, SHUTDOWN_DELAY_MS: delay };
});

export type Config = z.output<typeof withShutdownDelay>;

/**
 * How many bytes of unfinished video uploads one person may have at once: UPLOAD_QUOTA_MB, else
 * three of the largest videos allowed (MAX_UPLOAD_MB), so raising that limit never locks uploads out.
 */
export function uploadQuotaMb(config: Pick<Config, "UPLOAD_QUOTA_MB" | "MAX_UPLOAD_MB">): number {
  return config.UPLOAD_QUOTA_MB ?? 3 * config.MAX_UPLOAD_MB;
}

/** The address every mail of the site comes from: CONTACT_FROM, else no-reply@ the site's host. */
export function mailSender(config: Pick<Config, "CONTACT_FROM" | "PUBLIC_URL" | "PORT">): string {
  return config.CONTACT_FROM ?? `no-reply@${new URL(siteOrigin(config)).hostname}`;
}

/** The address people reach the site at: PUBLIC_URL, or localhost on the configured port. */
export function siteOrigin(config: Pick<Config, "PUBLIC_URL" | "PORT">): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment once; every problem names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set": `PORT= npm start` should use the default.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = withShutdownDelay.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    const got = env[name];
    const shown = got === undefined || secretVariables.has(name) ? "" : ` (got ${JSON.stringify(got)})`;
    return `  ${name}: ${issue.message}${shown}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

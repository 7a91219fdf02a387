import { z } from "zod";

const portSchema = z.coerce
  .number({ error: "must be a whole number between 0 and 65535" })
  .int("must be a whole number between 0 and 65535")
  .min(0, "must be a whole number between 0 and 65535")
  .max(65535, "must be a whole number between 0 and 65535");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: portSchema.default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  SQLITE_PATH: z.string().min(1).default("data/app.db"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+)$/, "must be true, false or the number of proxies in front of the app")
    .default("false")
    .transform((value) => (value === "true" ? true : value === "false" ? false : Number(value))),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int()
    .min(0)
    .default(10_000),
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment once; every problem names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set": `PORT= npm start` should use the default.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    const got = env[name];
    return `  ${name}: ${issue.message}${got === undefined ? "" : ` (got ${JSON.stringify(got)})`}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

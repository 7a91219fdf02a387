import { z } from "zod";

/** Digits only: `Number()` would also accept " ", "0x50" and "1e3". */
const wholeNumber = (message: string) =>
  z.string().trim().regex(/^\d+$/, message).transform(Number);

const portSchema = wholeNumber("must be a whole number between 0 and 65535").pipe(
  z.number().max(65535, "must be a whole number between 0 and 65535"),
);

/** Variables whose values must never be printed. */
const secretVariables = new Set(["DATABASE_URL"]);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().trim().min(1, "must be a host name or address").default("0.0.0.0"),
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
  SHUTDOWN_TIMEOUT_MS: wholeNumber("must be a whole number of milliseconds").default(10_000),
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
    const shown = got === undefined || secretVariables.has(name) ? "" : ` (got ${JSON.stringify(got)})`;
    return `  ${name}: ${issue.message}${shown}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

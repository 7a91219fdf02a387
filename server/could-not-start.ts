import type { Logger } from "pino";

/**
 * One line an operator's log tooling can read, naming the problem (an unreachable database, a
 * failed migration, a port already taken), instead of a bare stack trace on stderr; then exit 1.
 */
export function exitCouldNotStart(logger: Logger, err: unknown): never {
  const reason = err instanceof Error ? err.message : String(err);
  logger.fatal({ err }, `could not start: ${reason}`);
  process.exit(1);
}

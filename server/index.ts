// Starts the site: validates configuration, then serves it from this process, or from
// WEB_CONCURRENCY worker processes sharing the port (server/cluster.ts).
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import pino from "pino";
import { ConfigError, loadConfig, type Config } from "#app/lib/config/env.server.ts";
import { runCluster } from "./cluster.ts";
import { sendConsoleToLog } from "./console-to-log.ts";
import { runSiteProcess } from "./site-process.ts";

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * One per core in production; one in development (Vite's dev server is one process) and for an
 * in-memory SQLite database (each process would have its own).
 */
function workerCount(config: Config): number {
  if (config.NODE_ENV === "development" || (!config.DATABASE_URL && config.SQLITE_PATH === ":memory:")) return 1;
  return config.WEB_CONCURRENCY ?? availableParallelism();
}

const config = readConfig();
const logger = pino({ level: config.LOG_LEVEL, base: cluster.isWorker ? { pid: process.pid } : undefined });
sendConsoleToLog(logger);
const workers = workerCount(config);
if (cluster.isPrimary && workers > 1) await runCluster(config, logger, workers);
else await runSiteProcess(config, logger, { databasePrepared: cluster.isWorker });

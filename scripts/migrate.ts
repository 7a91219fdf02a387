// Applies pending migrations to the configured database (SQLite or PostgreSQL).
import { openDatabase } from "../app/lib/db/connect.server.ts";
import { migrateToLatest } from "../app/lib/db/migrate.server.ts";
import { ConfigError, loadConfig } from "../app/lib/env.server.ts";

try {
  const config = loadConfig();
  const handle = openDatabase(config);
  try {
    const { results = [] } = await migrateToLatest(handle.db);
    const applied = results.filter((r) => r.status === "Success").map((r) => r.migrationName);
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}

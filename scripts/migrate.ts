// Applies pending migrations and the built-in content to the configured database (SQLite or PostgreSQL).
import { openDatabase } from "#app/lib/db/connect.server.ts";
import { migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { ConfigError, loadConfig } from "#app/lib/config/env.server.ts";
import { applySeeds } from "#server/prepare-database.ts";

try {
  const config = loadConfig();
  const handle = openDatabase(config);
  try {
    const { results = [] } = await migrateToLatest(handle.db);
    const applied = results.filter((r) => r.status === "Success").map((r) => r.migrationName);
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
    // The server applies the seeds at start too; doing it here readies the database beforehand.
    const { courses, quizzes, library: seed } = await applySeeds(handle.db);
    if (courses || quizzes) console.log("Courses and quizzes written (first start: staff edit them from now on).");
    console.log(
      seed.applied
        ? `Library catalogue seed: ${seed.added} added, ${seed.updated} updated, ${seed.removed} removed.`
        : "Library catalogue seed is up to date.",
    );
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}

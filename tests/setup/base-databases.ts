// Vitest's global set-up: one database per engine, migrated and seeded as a first start leaves it,
// made once per run. Each test file's site starts on a copy (databases.ts), which saves every site
// the migrations and seeds (about 0.1 s on SQLite and 0.25 s on PostgreSQL, for about a hundred sites).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "#app/lib/db/connect.server.ts";
import { migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { applySeeds } from "#server/prepare-database.ts";
import { BASE_POSTGRES_ENV, BASE_SQLITE_ENV } from "./databases.ts";

async function prepare(config: { SQLITE_PATH: string; DATABASE_URL?: string }) {
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    await applySeeds(handle.db);
  } finally {
    await handle.close();
  }
}

export default async function makeBaseDatabases() {
  const dir = mkdtempSync(join(tmpdir(), "elearning-base-"));
  const sqlitePath = join(dir, "base.db");
  await prepare({ SQLITE_PATH: sqlitePath });
  process.env[BASE_SQLITE_ENV] = sqlitePath;

  const adminUrl = process.env.DATABASE_URL;
  let postgresBase: string | undefined;
  if (adminUrl) {
    postgresBase = `elearning_base_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${postgresBase}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${postgresBase}`;
    await prepare({ SQLITE_PATH: "", DATABASE_URL: url.toString() });
    process.env[BASE_POSTGRES_ENV] = postgresBase;
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && postgresBase) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${postgresBase} with (force)`);
      await admin.end();
    }
  };
}

import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "#app/lib/db/connect.server.ts";

export type Engine = "sqlite" | "postgres";

/** The engines this run can test: SQLite always, PostgreSQL when DATABASE_URL is set. */
export const engines: Engine[] = process.env.DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase {
  /** Environment for the server: SQLITE_PATH or DATABASE_URL. */
  env: Record<string, string>;
  /** A connection from the test itself, to look at (or change) what the server stored; close it after. */
  open(): DatabaseHandle;
  drop(): Promise<void>;
}

/** Where Vitest's global set-up (base-databases.ts) says its migrated and seeded databases are. */
export const BASE_SQLITE_ENV = "ELEARNING_TEST_BASE_SQLITE";
export const BASE_POSTGRES_ENV = "ELEARNING_TEST_BASE_POSTGRES";

/**
 * A database of its own for one test file: a fresh SQLite file or a fresh PostgreSQL database;
 * `prepared`: a copy of the run's base database, migrated and seeded as a first start leaves it
 * (fresh when there is none: under Playwright).
 */
export async function createTestDatabase(engine: Engine, { prepared = false } = {}): Promise<TestDatabase> {
  const open = (env: Record<string, string>) => () => openDatabase({ SQLITE_PATH: env.SQLITE_PATH ?? "", DATABASE_URL: env.DATABASE_URL });
  if (engine === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "elearning-test-"));
    const env = { SQLITE_PATH: join(dir, "app.db") };
    const base = process.env[BASE_SQLITE_ENV];
    if (prepared && base) copyFileSync(base, env.SQLITE_PATH);
    return {
      env,
      open: open(env),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("DATABASE_URL is needed for PostgreSQL tests");
  const name = `elearning_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const base = process.env[BASE_POSTGRES_ENV];
  await admin.query(prepared && base ? `create database ${name} template ${base}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString() };
  return {
    env,
    open: open(env),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A fresh, migrated database opened in this process, for tests of query modules; `seeded`: with
 * the courses and quizzes a first start writes (with the lessons' notes and the questions' explanations).
 */
export async function openTestDatabase(engine: Engine, { seeded = false } = {}) {
  const { migrateToLatest } = await import("#app/lib/db/migrate.server.ts");
  const database = await createTestDatabase(engine);
  const handle = database.open();
  await migrateToLatest(handle.db);
  if (seeded) {
    const [{ applyCourseSeed, applyLessonNotesSeed }, { applyQuizSeed, applyQuizExplanationsSeed }] = await Promise.all([
      import("#app/features/courses/seed.server.ts"),
      import("#app/features/quizzes/seed.server.ts"),
    ]);
    await applyCourseSeed(handle.db);
    await applyLessonNotesSeed(handle.db);
    await applyQuizSeed(handle.db);
    await applyQuizExplanationsSeed(handle.db);
    await (await import("#app/features/certificates/seed.server.ts")).applyCertificateRulesSeed(handle.db);
  }
  return {
    db: handle.db,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

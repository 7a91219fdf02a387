import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteDialect } from "./sqlite-dialect.server.ts";

interface Counters {
  counters: { id: number; n: number };
}

/** Another process adding 10 to the counter in a transaction of its own, as a sibling worker would. */
function otherProcessAddsTen(file: string): Promise<void> {
  const script = `
    const { DatabaseSync } = require("node:sqlite");
    const db = new DatabaseSync(${JSON.stringify(file)});
    db.exec("PRAGMA busy_timeout = 20000; BEGIN IMMEDIATE; UPDATE counters SET n = n + 10 WHERE id = 1; COMMIT;");
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the other process failed: ${errors}`))));
  });
}

describe("SQLite transactions", () => {
  let folder: string;
  let file: string;
  let db: Kysely<Counters>;

  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), "sqlite-transactions-"));
    file = join(folder, "app.db");
    db = new Kysely<Counters>({ dialect: createSqliteDialect(file) });
    await db.schema
      .createTable("counters")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("n", "integer")
      .execute();
    await db.insertInto("counters").values({ id: 1, n: 0 }).execute();
  });

  afterEach(async () => {
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  it("a transaction that reads and then writes is not failed by another process writing meanwhile", async () => {
    let readDone!: () => void;
    const hasRead = new Promise<void>((resolve) => (readDone = resolve));
    let goOn!: () => void;
    const mayWrite = new Promise<void>((resolve) => (goOn = resolve));
    const ours = db.transaction().execute(async (trx) => {
      const { n } = await trx.selectFrom("counters").select("n").where("id", "=", 1).executeTakeFirstOrThrow();
      readDone();
      await mayWrite;
      await trx
        .updateTable("counters")
        .set({ n: n + 1 })
        .where("id", "=", 1)
        .execute();
    });
    await hasRead;
    const other = otherProcessAddsTen(file);
    // The other process writes now if it can (begun DEFERRED, ours held no lock yet, and its
    // first write then failed with SQLITE_BUSY); begun IMMEDIATE, ours holds the lock and it waits.
    await Promise.race([other, sleep(1500)]);
    goOn();
    await ours;
    await other;
    expect(await db.selectFrom("counters").select("n").where("id", "=", 1).executeTakeFirstOrThrow()).toEqual({ n: 11 });
  });
});

describe("SQLite rows", () => {
  let folder: string;
  let db: Kysely<Counters>;

  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), "sqlite-rows-"));
    db = new Kysely<Counters>({ dialect: createSqliteDialect(join(folder, "app.db")) });
    await db.schema
      .createTable("counters")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("n", "integer", (c) => c.notNull())
      .execute();
    await db
      .insertInto("counters")
      .values([
        { id: 1, n: 5 },
        { id: 2, n: 7 },
      ])
      .execute();
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  it("come as objects named by their columns, whatever the query, with what node:sqlite gives", async () => {
    const { DatabaseSync } = await import("node:sqlite");
    const queries = [
      "select id, n from counters order by id",
      "select n * 2 as twice, null as empty, 'x' as \"a name\" from counters where id = 2",
      "select count(*), max(n) from counters",
      "select c.id, d.id from counters c join counters d on d.id = c.id + 1",
      'select id as "__proto__", n from counters where id = 1',
    ];
    const direct = new DatabaseSync(join(folder, "app.db"));
    try {
      for (const query of queries) {
        const { rows } = await sql.raw<Record<string, unknown>>(query).execute(db);
        const expected = direct.prepare(query).all();
        expect(rows, query).toEqual(expected);
        expect(
          rows.map((row) => Object.keys(row)),
          query,
        ).toEqual(expected.map((row) => Object.keys(row)));
      }
    } finally {
      direct.close();
    }
    const { rows } = await sql.raw<Record<string, unknown>>(queries[4]!).execute(db);
    expect(Object.getPrototypeOf(rows[0])).toBe(null);
    expect(await db.deleteFrom("counters").where("id", "=", 2).returning(["id", "n"]).execute()).toEqual([{ id: 2, n: 7 }]);
  });
});

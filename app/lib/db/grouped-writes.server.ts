import { setTimeout as pauseFor } from "node:timers/promises";
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema.ts";
import { isPostgres } from "./engine.server.ts";
import { lockWaitMs } from "./sqlite-dialect.server.ts";
import { sqliteBusy } from "./unavailable.server.ts";

/**
 * A small write a person waits for (a newsletter sign-up, a lesson's progress, a quiz attempt): its
 * statements, given the database to run them on. It does database work only: a group waits for
 * each of its units in turn.
 */
export type WriteUnit<T> = (db: Kysely<Database>) => Promise<T>;

type Outcome = { value: unknown } | { error: unknown };

interface Waiting {
  unit: WriteUnit<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Enough to take what a busy event-loop turn brings, few enough that the first waits little. */
const maxUnitsPerGroup = 256;

/**
 * SQLite commits one writer at a time, each commit an fsync, and node:sqlite waits for a lock held
 * by another worker with the event loop stopped. So the small writes of one process are committed
 * together: the units that arrive in one turn of the event loop run one after another in one
 * IMMEDIATE transaction, each in a savepoint of its own (a failing unit is undone alone and fails
 * alone), and every unit is answered once that one commit is done. Nothing is acknowledged before
 * it is committed, so a crash loses no answered write.
 */
class SqliteWriteGroups {
  private waiting: Waiting[] = [];
  private scheduled = false;
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  write<T>(unit: WriteUnit<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ unit, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.commitWaiting());
      }
    });
  }

  private async commitWaiting() {
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, maxUnitsPerGroup);
      await this.commitGroup(group);
    }
    this.scheduled = false;
  }

  private async commitGroup(group: Waiting[]) {
    let outcomes: Outcome[];
    try {
      outcomes = await this.committed(group);
    } catch (error) {
      // The group did not commit: none of its units is stored, so each fails.
      for (const { reject } of group) reject(error);
      return;
    }
    group.forEach(({ resolve, reject }, index) => {
      const outcome = outcomes[index]!;
      if ("error" in outcome) reject(outcome.error);
      else resolve(outcome.value);
    });
  }

  /** Each unit's outcome once the group is committed, the write lock waited for with the event loop free. */
  private async committed(group: Waiting[]): Promise<Outcome[]> {
    const deadline = Date.now() + lockWaitMs;
    for (let pause = 1; ; pause = Math.min(2 * pause, 8)) {
      const attempt = await this.db.connection().execute((connection) => inOneTransaction(connection, group));
      if ("outcomes" in attempt) return attempt.outcomes;
      // SQLite's own refusal, which the site answers as a database briefly unavailable (503).
      if (Date.now() > deadline) throw attempt.busy;
      await pauseFor(pause);
    }
  }
}

/**
 * The group's units in one IMMEDIATE transaction (a deferred one that read before writing could be
 * refused at its first write once another worker has committed), committed; or SQLite's refusal
 * when another process holds the write lock. SQLite's own wait for the lock would stop this
 * worker's event loop with it, so none is asked for here.
 */
async function inOneTransaction(
  connection: Kysely<Database>,
  group: readonly Waiting[],
): Promise<{ outcomes: Outcome[] } | { busy: unknown }> {
  await sql.raw("pragma busy_timeout = 0").execute(connection);
  try {
    await sql`begin immediate`.execute(connection);
  } catch (error) {
    if ((error as { errcode?: number }).errcode === sqliteBusy) return { busy: error };
    throw error;
  } finally {
    await sql.raw(`pragma busy_timeout = ${lockWaitMs}`).execute(connection);
  }
  try {
    const outcomes: Outcome[] = [];
    for (const { unit } of group) outcomes.push(await inSavepoint(connection, unit));
    await sql`commit`.execute(connection);
    return { outcomes };
  } catch (error) {
    await sql`rollback`.execute(connection).catch(() => {});
    throw error;
  }
}

/** One unit in a savepoint of its own: undone alone when it fails. */
async function inSavepoint(connection: Kysely<Database>, unit: WriteUnit<unknown>): Promise<Outcome> {
  await sql`savepoint unit`.execute(connection);
  let outcome: Outcome;
  try {
    outcome = { value: await unit(connection) };
  } catch (error) {
    outcome = { error };
    await sql`rollback to unit`.execute(connection);
  }
  await sql`release unit`.execute(connection);
  return outcome;
}

const groupsOf = new WeakMap<Kysely<Database>, SqliteWriteGroups>();

/**
 * Runs `unit` and answers once it is committed. On SQLite it is committed with the other units of
 * this process that arrived at the same time, all or nothing for the unit; on PostgreSQL, whose
 * commits run side by side, its statements run at once on the pool, each committing as it always
 * did (no round trips for a transaction), so a unit of several statements must be safe to stop halfway.
 */
export function committedSoon<T>(db: Kysely<Database>, unit: WriteUnit<T>): Promise<T> {
  if (isPostgres(db)) return unit(db);
  let groups = groupsOf.get(db);
  if (!groups) groupsOf.set(db, (groups = new SqliteWriteGroups(db)));
  return groups.write(unit);
}

import { DatabaseSync, type StatementSync } from "node:sqlite";
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDatabase, type SqliteDialectConfig } from "kysely";

/** Compiled statements kept per connection; past this many (queries with lists of varying length) they start over. */
const maxKeptStatements = 500;

/**
 * Kysely ships a SQLite dialect written against better-sqlite3's interface;
 * this adapts Node's built-in `node:sqlite` to it, so no native addon is needed.
 */
function adapt(database: DatabaseSync): SqliteDatabase {
  // A page runs the same queries on every request: compiling them again took 4.5% of a worker's
  // time on a signed-in page. SQLite recompiles a kept statement itself when a migration changes the schema.
  // Whether a statement returns rows, and their columns' names, are asked of SQLite once, with the
  // compiling: asking again on every query took 2% of a signed-in course page.
  /** `arrayColumns`: the names of the columns of a statement whose rows come as arrays. */
  const kept = new Map<string, { statement: StatementSync; reader: boolean; arrayColumns?: string[] }>();
  const compiled = (sql: string) => {
    let entry = kept.get(sql);
    if (!entry) {
      if (kept.size >= maxKeptStatements) kept.clear();
      const statement = database.prepare(sql);
      const columns = statement.columns().map((column) => column.name);
      entry = { statement, reader: columns.length > 0 };
      // An object's property "__proto__" would be its prototype: such rows come as SQLite makes them.
      if (entry.reader && !columns.includes("__proto__")) {
        statement.setReturnArrays(true);
        entry.arrayColumns = columns;
      }
      kept.set(sql, entry);
    }
    return entry;
  };
  return {
    close: () => database.close(),
    prepare(sql) {
      const { statement, reader, arrayColumns } = compiled(sql);
      type Params = Parameters<typeof statement.all>;
      return {
        reader,
        all: (parameters) => {
          const rows = statement.all(...(parameters as Params));
          return arrayColumns ? (rows as unknown as unknown[][]).map((row) => rowObject(arrayColumns, row)) : rows;
        },
        run: (parameters) => statement.run(...(parameters as Params)),
        // A statement of its own: an iteration steps lazily, and a shared one would be reset under it by the next query.
        iterate: (parameters) => database.prepare(sql).iterate(...(parameters as Params)),
      };
    },
  };
}

/**
 * A row given as an array, as the object Kysely expects. node:sqlite makes each row's object
 * itself, looking each column's name up in V8's table of names for every row: a session's row of
 * eleven columns took 3.3 µs that way and 2.5 µs as an array made into an object here.
 */
function rowObject(columns: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let index = 0; index < columns.length; index++) row[columns[index]!] = values[index];
  return row;
}

/** How long a statement waits for another process's write lock before it fails. */
export const lockWaitMs = 5000;

/**
 * Transactions begin IMMEDIATE, taking the write lock at BEGIN. SQLite's default (DEFERRED) holds
 * only a snapshot until the first write; when another process (a sibling worker, a second
 * instance, a command-line script) committed after a transaction's first read, its first write
 * failed at once with SQLITE_BUSY, whatever busy_timeout says, since its snapshot is stale: a 500
 * for a teacher saving at the same moment as a colleague. IMMEDIATE waits for the other writer
 * (busy_timeout) before reading anything.
 */
class ImmediateTransactionsDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateTransactionsDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver() {
    return new ImmediateTransactionsDriver(this.#config);
  }
}

export function createSqliteDialect(filename: string): SqliteDialect {
  return new ImmediateTransactionsDialect({
    database: async () => {
      const database = new DatabaseSync(filename);
      // WAL lets readers run beside the writer; synchronous=FULL makes every
      // acknowledged commit survive a power cut, not only a process crash. Reads come from the
      // file mapped into memory (the kernel's copy, shared by every worker), so the cache of the
      // connection holds little more than the pages a write changes: a 64 MB cache kept for reads
      // put a worker storing quiz attempts above 300 MB, and searches are as fast mapped
      // (docs/performance.md, "SQLite's cache, a dead worker, and the drain's last socket").
      database.exec(`
        PRAGMA journal_mode = WAL;
        PRAGMA synchronous = FULL;
        PRAGMA busy_timeout = ${lockWaitMs};
        PRAGMA foreign_keys = ON;
        PRAGMA cache_size = -16384;
        PRAGMA mmap_size = 268435456;
      `);
      return adapt(database);
    },
  });
}

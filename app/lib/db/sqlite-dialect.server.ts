import { DatabaseSync } from "node:sqlite";
import { SqliteDialect, type SqliteDatabase } from "kysely";

/**
 * Kysely ships a SQLite dialect written against better-sqlite3's interface;
 * this adapts Node's built-in `node:sqlite` to it, so no native addon is needed.
 */
function adapt(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql) {
      const statement = database.prepare(sql);
      type Params = Parameters<typeof statement.all>;
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...(parameters as Params)),
        run: (parameters) => statement.run(...(parameters as Params)),
        iterate: (parameters) => statement.iterate(...(parameters as Params)),
      };
    },
  };
}

export function createSqliteDialect(filename: string): SqliteDialect {
  return new SqliteDialect({
    database: async () => {
      const database = new DatabaseSync(filename);
      // WAL lets readers run beside the writer; synchronous=FULL makes every
      // acknowledged commit survive a power cut, not only a process crash.
      database.exec(`
        PRAGMA journal_mode = WAL;
        PRAGMA synchronous = FULL;
        PRAGMA busy_timeout = 5000;
        PRAGMA foreign_keys = ON;
        PRAGMA cache_size = -65536;
      `);
      return adapt(database);
    },
  });
}

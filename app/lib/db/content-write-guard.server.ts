import type { CompiledQuery, DatabaseConnection, Dialect, Driver, TransactionSettings } from "kysely";
import { contentTables } from "../content-versions/content-versions.server.ts";
import type { StoredContent } from "../content-versions/page-cache.ts";

/**
 * Kept pages stay right only if every change to the content they show raises its topic's version
 * in the same transaction (docs/decisions/005-page-cache.md). This dialect makes the database
 * handle hold every writer to it: a statement that changes a content table outside a transaction
 * is refused before it runs, and a transaction that changed one without raising its topic is
 * rolled back at commit, with an error naming both. A forgotten version is then a failing test
 * of that writer, not a page that silently stays old on every worker.
 */
export class ContentVersionNotRaised extends Error {
  readonly topics: readonly StoredContent[];
  readonly tables: readonly string[];
  constructor(topics: readonly StoredContent[], tables: readonly string[]) {
    super(
      `A change to ${tables.join(", ")} must raise the content version of ${topics.join(", ")} in the same transaction (raiseContentVersion), or pages kept for visitors stay old.`,
    );
    this.name = "ContentVersionNotRaised";
    this.topics = topics;
    this.tables = tables;
  }
}

const topicOfTable = new Map<string, StoredContent>(
  Object.entries(contentTables).flatMap(([topic, tables]) => tables.map((table) => [table, topic as StoredContent] as const)),
);

const writtenTables = /\b(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+"?(\w+)"?/gi;

/** Schema changes (a migration's trigger names tables in its body) change no rows. */
const schemaChange = /^\s*(create|alter|drop)\b/i;

/** The content tables a statement changes, by topic. */
function contentChangedBy(sql: string): ReadonlyMap<StoredContent, readonly string[]> {
  const changed = new Map<StoredContent, string[]>();
  if (schemaChange.test(sql)) return changed;
  for (const [, table] of sql.matchAll(writtenTables)) {
    const topic = topicOfTable.get(table!.toLowerCase());
    if (topic) changed.set(topic, [...(changed.get(topic) ?? []), table!]);
  }
  return changed;
}

/** Statements seen, at most; past it they start over (queries with lists of varying length). */
const maxKeptStatements = 1000;
const changedByStatement = new Map<string, ReadonlyMap<StoredContent, readonly string[]>>();

/**
 * The same, kept per statement: the site runs the same few hundred statements again and again,
 * and scanning each one's text took 2 % of a signed-in course page.
 */
function changedContent(sql: string): ReadonlyMap<StoredContent, readonly string[]> {
  let changed = changedByStatement.get(sql);
  if (!changed) {
    if (changedByStatement.size >= maxKeptStatements) changedByStatement.clear();
    changed = contentChangedBy(sql);
    changedByStatement.set(sql, changed);
  }
  return changed;
}

/** The topic a statement raises, when it is raiseContentVersion's. */
function raisedTopic(query: CompiledQuery): StoredContent | undefined {
  if (!/^\s*insert\s+into\s+"?content_versions"?/i.test(query.sql)) return undefined;
  return query.parameters.find((value): value is StoredContent => typeof value === "string" && value in contentTables);
}

interface TransactionState {
  changed: Map<StoredContent, Set<string>>;
  raised: Set<StoredContent>;
}

class GuardedConnection implements DatabaseConnection {
  transaction: TransactionState | undefined;
  readonly inner: DatabaseConnection;
  constructor(inner: DatabaseConnection) {
    this.inner = inner;
  }

  private check(query: CompiledQuery) {
    const raised = raisedTopic(query);
    if (raised) this.transaction?.raised.add(raised);
    const changed = changedContent(query.sql);
    if (changed.size === 0) return;
    if (!this.transaction) throw new ContentVersionNotRaised([...changed.keys()], [...changed.values()].flat());
    for (const [topic, tables] of changed) {
      const seen = this.transaction.changed.get(topic) ?? new Set<string>();
      for (const table of tables) seen.add(table);
      this.transaction.changed.set(topic, seen);
    }
  }

  executeQuery<R>(query: CompiledQuery, options?: Parameters<DatabaseConnection["executeQuery"]>[1]) {
    this.check(query);
    return this.inner.executeQuery<R>(query, options);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number) {
    this.check(query);
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class GuardedDriver implements Driver {
  private readonly connections = new WeakMap<DatabaseConnection, GuardedConnection>();
  private readonly inner: Driver;
  constructor(inner: Driver) {
    this.inner = inner;
  }

  init() {
    return this.inner.init();
  }
  async acquireConnection() {
    const connection = await this.inner.acquireConnection();
    let guarded = this.connections.get(connection);
    if (!guarded) this.connections.set(connection, (guarded = new GuardedConnection(connection)));
    return guarded;
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const guarded = connection as GuardedConnection;
    await this.inner.beginTransaction(guarded.inner, settings);
    guarded.transaction = { changed: new Map(), raised: new Set() };
  }
  async commitTransaction(connection: DatabaseConnection) {
    const guarded = connection as GuardedConnection;
    const { changed, raised } = guarded.transaction ?? { changed: new Map(), raised: new Set() };
    guarded.transaction = undefined;
    const missing = [...changed.keys()].filter((topic) => !raised.has(topic));
    // Kysely rolls the transaction back when its commit throws.
    if (missing.length > 0) {
      throw new ContentVersionNotRaised(missing, [...new Set(missing.flatMap((topic) => [...changed.get(topic)!]))]);
    }
    await this.inner.commitTransaction(guarded.inner);
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const guarded = connection as GuardedConnection;
    guarded.transaction = undefined;
    await this.inner.rollbackTransaction(guarded.inner);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as GuardedConnection).inner);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** `dialect`, with every write to content checked as above. */
export function guardContentWrites(dialect: Dialect): Dialect {
  return {
    createDriver: () => new GuardedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

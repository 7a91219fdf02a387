import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, UnknownRow } from "kysely";
import type { Logger } from "pino";

const tablesInRawSql = /\b(?:from|join|into|update)\s+"?(\w+)"?/gi;

/** Every table a query names, however deep (subqueries, joins, CTEs, raw SQL). */
export function tablesOf(node: OperationNode): Set<string> {
  const tables = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== "object" || value === null) return;
    const kind = (value as { kind?: unknown }).kind;
    if (kind === "TableNode") {
      tables.add((value as { table: { identifier: { name: string } } }).table.identifier.name);
      return;
    }
    if (kind === "RawNode") {
      for (const fragment of (value as { sqlFragments: readonly string[] }).sqlFragments) {
        for (const [, table] of fragment.matchAll(tablesInRawSql)) tables.add(table!);
      }
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit(node);
  return tables;
}

/**
 * Writes the tables each query of a request names to its log, at debug level: what a page reads,
 * to check it against what it says it reads (tests/integration/page-cache-coverage.test.ts).
 */
export function logTablesRead(logger: Logger): KyselyPlugin {
  return {
    transformQuery({ node }: PluginTransformQueryArgs) {
      logger.debug({ tables: [...tablesOf(node)] }, "query");
      return node;
    },
    transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
  };
}

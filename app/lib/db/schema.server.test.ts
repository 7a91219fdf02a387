import { readFileSync } from "node:fs";
import { sql, type Kysely } from "kysely";
import ts from "typescript";
import type { Database } from "./schema.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, openTestDatabase } from "#tests/setup/databases.ts";

// schema.ts is written by hand beside the migrations: this holds the two together. Every table and
// column the migrations make on each engine is in the Database interface with the same nullability,
// and the interface names nothing the migrations do not make.

interface DeclaredColumn {
  nullable: boolean;
  /** Declared optional (`name?:`): present on one engine only. */
  optional: boolean;
}

/** The tables of `Database` in schema.ts, read as TypeScript reads them. */
function declaredTables(): Map<string, Map<string, DeclaredColumn>> {
  const path = new URL("./schema.ts", import.meta.url);
  const source = ts.createSourceFile("schema.ts", readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const database = source.statements.find(
    (node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === "Database",
  );
  if (!database) throw new Error("schema.ts has no Database interface");
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const table of database.members) {
    if (!ts.isPropertySignature(table) || !table.type || !ts.isTypeLiteralNode(table.type))
      throw new Error(`unreadable table ${table.getText()}`);
    const columns = new Map<string, DeclaredColumn>();
    for (const column of table.type.members) {
      if (!ts.isPropertySignature(column) || !column.type) throw new Error(`unreadable column ${column.getText()}`);
      columns.set(column.name.getText(source), { nullable: admitsNull(column.type), optional: Boolean(column.questionToken) });
    }
    tables.set(table.name.getText(source), columns);
  }
  return tables;
}

/** Whether a column's type takes null: `T | null`, or a ColumnType whose selected type does. */
function admitsNull(type: ts.TypeNode): boolean {
  if (ts.isUnionTypeNode(type)) return type.types.some(admitsNull);
  if (ts.isLiteralTypeNode(type)) return type.literal.kind === ts.SyntaxKind.NullKeyword;
  if (ts.isTypeReferenceNode(type) && type.typeName.getText() === "ColumnType" && type.typeArguments?.[0]) {
    return admitsNull(type.typeArguments[0]);
  }
  return false;
}

/**
 * Tables the migrations make that queries reach with SQL of their own, not through Kysely's types:
 * SQLite's full-text index of the books and the tables it keeps behind it.
 */
const outsideSchema = /^books_fts(_\w+)?$/;
/**
 * A SQLite primary key other than an integer takes NULL unless it says NOT NULL (an old SQLite
 * bug kept for compatibility), and introspection reports it nullable; the migrations' keys do not
 * say it. Nothing stores NULL there (the types forbid it), so such a key counts as not null.
 */
async function sqlitePrimaryKeys(db: Kysely<Database>, table: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(db);
  return new Set(rows.filter((row) => row.pk > 0).map((row) => row.name));
}

/** The migrator's own bookkeeping. */
const migratorTables = new Set(["kysely_migration", "kysely_migration_lock"]);

describe.each(engines)("schema.ts against the migrations on %s", (engine) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database?.close());

  it("names every table and column the migrations make, with the same nullability, and nothing else", async () => {
    const declared = declaredTables();
    const made = (await database.db.introspection.getTables()).filter(
      (table) => !table.isView && !migratorTables.has(table.name) && !outsideSchema.test(table.name),
    );
    expect(made.map((table) => table.name).sort()).toEqual([...declared.keys()].sort());
    for (const table of made) {
      const columns = declared.get(table.name)!;
      const keys = engine === "sqlite" ? await sqlitePrimaryKeys(database.db, table.name) : new Set<string>();
      const madeColumns = new Map(
        table.columns.map((column) => [column.name, { ...column, isNullable: column.isNullable && !keys.has(column.name) }]),
      );
      const required = [...columns].filter(([, column]) => !column.optional).map(([name]) => name);
      expect(
        required.filter((name) => !madeColumns.has(name)),
        `${table.name}: declared, not made`,
      ).toEqual([]);
      expect(
        [...madeColumns.keys()].filter((name) => !columns.has(name)),
        `${table.name}: made, not declared`,
      ).toEqual([]);
      const nullability = [...madeColumns.values()]
        .filter((column) => column.isNullable !== columns.get(column.name)!.nullable)
        .map((column) => `${column.name}: ${column.isNullable ? "nullable" : "not null"} in the database`);
      expect(nullability, `${table.name}: nullability`).toEqual([]);
    }
  });
});

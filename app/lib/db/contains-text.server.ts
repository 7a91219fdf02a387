import { sql, type RawBuilder } from "kysely";

/**
 * `lower(column) like '%text%'`, with %, _ and \ in the text matched as themselves, the same on
 * SQLite and PostgreSQL (SQLite's LIKE escapes nothing unless told to).
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

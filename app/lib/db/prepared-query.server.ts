import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from "kysely";
import type { Database } from "./schema.ts";

/**
 * A query built and compiled once per database handle, then run with each call's values: Kysely
 * builds a query's tree, freezes it and compiles it to SQL on every call, which was a twentieth
 * of a signed-in course page (its two reads) and much of its garbage. `build` receives stand-ins
 * for the values and must pass each one as a plain value of the query (a `where` operand, say),
 * not in a list or as SQL text; it fails at its first run otherwise.
 */
export function preparedQuery<Values extends unknown[], Row>(build: (db: Kysely<Database>, ...values: Values) => Compilable<Row>) {
  const compiled = new WeakMap<Kysely<Database>, { query: CompiledQuery<Row>; positions: (number | undefined)[] }>();
  return async (db: Kysely<Database>, ...values: Values): Promise<QueryResult<Row>> => {
    let entry = compiled.get(db);
    if (!entry) {
      const standIns = values.map((_, index) => Symbol(`value ${index}`));
      const query = build(db, ...(standIns as unknown as Values)).compile();
      const positions = query.parameters.map((parameter) => {
        const index = standIns.indexOf(parameter as symbol);
        return index === -1 ? undefined : index;
      });
      if (new Set(positions.filter((index) => index !== undefined)).size !== standIns.length) {
        throw new Error("a prepared query must use each of its values as a parameter");
      }
      entry = { query, positions };
      compiled.set(db, entry);
    }
    const { query, positions } = entry;
    const parameters = positions.map((index, at) => (index === undefined ? query.parameters[at] : values[index]));
    // A query id of its own per run: plugins keep what they learn of a query by its id.
    return db.executeQuery({ ...query, queryId: createQueryId(), parameters });
  };
}
